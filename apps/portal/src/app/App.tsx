import { CssBaseline, ThemeProvider } from '@mui/material';
import type { ReactNode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { theme } from '@/app/theme';
import { ApiVersionProvider } from '@/features/info/components/ApiVersionProvider';
import { NotificationsProvider } from '@/shared/notifications/NotificationsProvider';

type Router = ReturnType<typeof createBrowserRouter>;

/** Everything a screen may rely on being above it. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <NotificationsProvider>
        <ApiVersionProvider>{children}</ApiVersionProvider>
      </NotificationsProvider>
    </ThemeProvider>
  );
}

export function App({ router }: { router: Router }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
