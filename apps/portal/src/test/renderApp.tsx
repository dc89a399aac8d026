import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/App';
import { buildRoutes } from '@/app/routes';

/** The whole portal at a URL, with the real route table, guard, layouts and providers. */
export function renderApp(url: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [url] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}
