import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/App';
import { buildRoutes, preloadScreens } from '@/app/routes';
import { createQueryClient } from '@/shared/query/queryClient';

// The screens are lazy (one chunk per route). Tests look at a screen as soon as it is rendered, so its code is loaded
// before any test of a file that renders the app; the loading itself is tested in shared/routing/lazyScreen.spec.tsx.
await preloadScreens();

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
