import { alpha, createTheme } from '@mui/material/styles';

/**
 * Credence's look: a deep navy that reads as "institutional and trustworthy", a teal kept for things that are
 * verified, and quiet greys so results and statuses are what stand out.
 */
const navy = { main: '#1f3a7a', dark: '#16264f', light: '#4a63a8', contrastText: '#ffffff' };
const teal = { main: '#0f766e', dark: '#0b5953', light: '#14b8a6', contrastText: '#ffffff' };

const fontFamily = [
  'Inter',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

export const brandColors = { navy: navy.dark, teal: teal.light } as const;

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: navy,
    secondary: teal,
    success: { main: '#15803d', dark: '#166534', light: '#22c55e', contrastText: '#ffffff' },
    warning: { main: '#b45309', dark: '#92400e', light: '#f59e0b', contrastText: '#ffffff' },
    error: { main: '#b91c1c', dark: '#991b1b', light: '#ef4444', contrastText: '#ffffff' },
    info: { main: '#1d4ed8', dark: '#1e3a8a', light: '#3b82f6', contrastText: '#ffffff' },
    background: { default: '#f4f6fa', paper: '#ffffff' },
    text: { primary: '#172033', secondary: '#4b5567' },
    divider: '#e2e6ee',
  },
  shape: { borderRadius: 10 },
  spacing: 8,
  typography: {
    fontFamily,
    h1: { fontSize: '2rem', fontWeight: 700, letterSpacing: '-0.02em' },
    h2: { fontSize: '1.6rem', fontWeight: 700, letterSpacing: '-0.015em' },
    h3: { fontSize: '1.35rem', fontWeight: 650 },
    h4: { fontSize: '1.2rem', fontWeight: 650 },
    h5: { fontSize: '1.05rem', fontWeight: 650 },
    h6: { fontSize: '1rem', fontWeight: 650 },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
    body2: { lineHeight: 1.55 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
        // Keyboard users must always see where they are.
        ':focus-visible': { outline: `3px solid ${alpha(navy.light, 0.6)}`, outlineOffset: 2 },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 8, paddingInline: 18 },
        sizeLarge: { paddingBlock: 11, fontSize: '1rem' },
      },
    },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: {
          border: '1px solid #e2e6ee',
          boxShadow: '0 1px 2px rgba(16, 24, 40, 0.04), 0 8px 24px rgba(16, 24, 40, 0.06)',
        },
      },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 10 } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiDialog: {
      styleOverrides: {
        // A dialog whose title, content and actions sit in a <form> (Add user, Edit user, the password dialog):
        // the form passes the paper's height on, so on a short screen the content scrolls between a fixed title and
        // fixed buttons, as in a dialog without a form. Without it the whole paper scrolled, and on a phone the
        // buttons were below the fold with nothing to say so.
        paper: { '& > form': { display: 'flex', flexDirection: 'column', minHeight: 0 } },
      },
    },
    MuiOutlinedInput: {
      styleOverrides: {
        root: {
          borderRadius: 8,
          backgroundColor: '#ffffff',
          // A read-only field (a non-admin's Account, a password dialog's email) must not look like one to type in:
          // grey, with a border that does not darken on hover. The label still says what the value is. Read-only
          // means InputBase's readOnly (slotProps.input), which sets this class: a ':has(textarea[readonly])' rule
          // also caught every multiline field (its hidden sizing textarea is read-only) and made jsdom's
          // getComputedStyle, which every getByRole calls, several times slower.
          '&.MuiInputBase-readOnly': {
            backgroundColor: '#f3f4f6',
            '& .MuiOutlinedInput-notchedOutline': { borderStyle: 'dashed' },
            '&:hover .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(0, 0, 0, 0.23)' },
          },
        },
      },
    },
    MuiFormLabel: {
      // Spec 5.7: required fields show a red asterisk.
      styleOverrides: { asterisk: { color: '#b91c1c' } },
    },
    MuiLink: { defaultProps: { underline: 'hover' }, styleOverrides: { root: { fontWeight: 500 } } },
    // A dialog's title reads as its heading: MUI's default (h6, here 1rem) was no larger than the text under it.
    MuiDialogTitle: { styleOverrides: { root: { fontSize: '1.2rem', fontWeight: 650, lineHeight: 1.4 } } },
    MuiAlert: { styleOverrides: { root: { borderRadius: 8 } } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiTooltip: { defaultProps: { arrow: true } },
  },
});
