import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/App';
import { createQueryClient } from '@/shared/query/queryClient';

/**
 * Routes at a URL in the app's providers, with a query cache of its own (returned, so a test can look at what was
 * cached or invalidated). A feature's tests pass its screens and stand-ins for where they lead.
 */
export function renderRoutes(routes: RouteObject[], url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** A stand-in for a screen a test only leads to: says where the user is now. */
export function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}
