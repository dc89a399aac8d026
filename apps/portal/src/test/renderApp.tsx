import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/App';
import { buildRoutes } from '@/app/routes';
import { createQueryClient } from '@/shared/query/queryClient';

/**
 * The whole portal at a URL, with the real route table, guard, layouts and providers, and a query cache of its
 * own (returned, so a test can look at what was cached or invalidated).
 */
export function renderApp(url: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [url] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
