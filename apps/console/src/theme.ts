import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** The portal's navy and teal, on react-admin's defaults, so staff and customers see one product. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#1f3a7a', dark: '#16264f', light: '#4a63a8', contrastText: '#ffffff' },
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
  },
};
