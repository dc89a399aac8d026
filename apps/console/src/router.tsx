import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { App, CONSOLE_BASENAME } from '@/App';

/**
 * A data router around react-admin (rather than a plain BrowserRouter) keeps its unsaved-changes warnings, which
 * need one.
 */
export const consoleRoutes: RouteObject[] = [
  { path: `${CONSOLE_BASENAME}/*`, element: <App /> },
  { path: '*', element: <Navigate to={`${CONSOLE_BASENAME}/`} replace /> },
];

export function createConsoleRouter() {
  return createBrowserRouter(consoleRoutes);
}
