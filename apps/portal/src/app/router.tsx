import { createBrowserRouter } from 'react-router';
import { buildRoutes } from '@/app/routes';

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
