import { buildRoutes, preloadScreens } from '@/app/routes';
import { renderRoutes } from '@/test/renderRoutes';

// The screens are lazy (one chunk per route). Tests look at a screen as soon as it is rendered, so its code is loaded
// before any test of a file that renders the app; the loading itself is tested in shared/routing/lazyScreen.spec.tsx.
await preloadScreens();

/**
 * The whole portal at a URL, with the real route table, guard, layouts and providers, and a query cache of its
 * own (returned, so a test can look at what was cached or invalidated). Without the session recording, which has
 * its own tests (shared/debug).
 */
export function renderApp(url: string) {
  return renderRoutes(buildRoutes({ recording: false }), url);
}
