import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { theme } from '@/app/theme';
import { NotificationsProvider } from '@/shared/notifications/NotificationsProvider';
import { DebugModeWarning } from '@/shared/public/DebugModeWarning';
import { clearOnUserChange, createQueryClient } from '@/shared/query/queryClient';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * Everything a screen may rely on being above it. The query client is the page's one server-state cache; tests
 * pass a fresh one each, so no test sees another's data.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useEffect(() => clearOnUserChange(client), [client]);
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <NotificationsProvider>{children}</NotificationsProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}

export function App({ router, queryClient }: { router: Router; queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <DebugModeWarning />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
