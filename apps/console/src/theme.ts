import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** The Credence brand: deep navy primary with the portal's teal accent, on react-admin's defaults. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#1a2d5f', dark: '#111d40', light: '#3f5699', contrastText: '#ffffff' },
    secondary: { main: '#16264f', contrastText: '#ffffff' },
    success: { main: '#15803d' },
    warning: { main: '#b45309' },
    error: { main: '#b91c1c' },
    background: { default: '#f4f6fa', paper: '#ffffff' },
    text: { primary: '#172033', secondary: '#4b5567' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: ['Inter', 'system-ui', '-apple-system', '"Segoe UI"', 'Roboto', 'Arial', 'sans-serif'].join(
      ',',
    ),
    button: { textTransform: 'none', fontWeight: 600 },
  },
  sidebar: { width: 232, closedWidth: 56 },
  components: {
    ...defaultTheme.components,
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: { border: '1px solid #e2e6ee' } },
    },
    // Dense tables: staff scan many rows, and a list must fit 1280 px beside the sidebar.
    MuiTableCell: {
      styleOverrides: {
        root: { padding: '8px 12px' },
        head: { fontWeight: 700, color: '#4b5567', fontSize: '0.8rem', textTransform: 'uppercase', letterSpacing: '0.04em', whiteSpace: 'nowrap' },
      },
    },
    MuiChip: { styleOverrides: { sizeSmall: { height: 22, fontSize: '0.75rem' } } },
    // The search box has no label, so it was 8 px shorter than the labelled filters beside it and its top sat lower:
    // the same height lines their tops up too.
    RaSearchInput: { styleOverrides: { root: { '& .MuiFilledInput-input': { paddingTop: 12, paddingBottom: 13 } } } },
    // A list wider than the window scrolls inside its card instead of pushing the toolbar off screen.
    RaList: { styleOverrides: { root: { '& .RaList-content': { overflowX: 'auto' } } } },
    // A wide table on a show page scrolls inside its own card (see PageSection) instead of widening the page.
    RaShow: { styleOverrides: { root: { '& .RaShow-main, & .RaShow-card': { minWidth: 0 } } } },
    // react-admin's layout is min-width: fit-content, so one wide table widened every page on a phone.
    RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } } } },
  },
};
