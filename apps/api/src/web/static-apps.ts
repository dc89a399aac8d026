import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';

/** Paths the API owns; everything else under / is the portal, under /console/ the console. */
const API_PREFIXES = ['/v1', '/admin', '/health', '/docs'];

/**
 * Serves the built React apps from one origin with the API, so tokens never cross origins. Unknown paths fall
 * back to each app's index.html so deep links of the portal's path routing work.
 */
export function staticApps(webRoot: string): Router {
  const router = express.Router();
  const consoleDir = path.join(webRoot, 'console');
  const portalDir = path.join(webRoot, 'portal');
  const immutable = { maxAge: '1y', immutable: true, index: false };

  if (existsSync(consoleDir)) {
    // Exactly /console: Express paths are not strict, and a string route would also catch /console/ (a loop).
    router.get(/^\/console$/, (_req, res) => res.redirect(301, '/console/'));
    router.use('/console/assets', express.static(path.join(consoleDir, 'assets'), immutable));
    router.use('/console', express.static(consoleDir, { index: false }));
    router.get(/^\/console\/.*/, (_req, res) => sendIndex(res, consoleDir));
  }
  if (existsSync(portalDir)) {
    router.use('/assets', express.static(path.join(portalDir, 'assets'), immutable));
    router.use(express.static(portalDir, { index: false }));
    router.get(/.*/, (req: Request, res: Response, next: NextFunction) => {
      if (API_PREFIXES.some((p) => req.path === p || req.path.startsWith(`${p}/`))) return next();
      sendIndex(res, portalDir);
    });
  }
  return router;
}

function sendIndex(res: Response, dir: string) {
  // index.html names the hashed bundles of the current build, so it must never be cached.
  res.setHeader('Cache-Control', 'no-cache');
  res.sendFile(path.join(dir, 'index.html'));
}

/** dist/apps under the workspace root, found from this file whether it runs from src (tests) or dist. */
export function defaultWebRoot(start = __dirname): string {
  let dir = start;
  for (;;) {
    if (existsSync(path.join(dir, 'nx.json'))) return path.join(dir, 'dist', 'apps');
    const parent = path.dirname(dir);
    if (parent === dir) return path.join(process.cwd(), 'dist', 'apps');
    dir = parent;
  }
}
