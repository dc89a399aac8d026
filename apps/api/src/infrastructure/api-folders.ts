import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * A folder of apps/api shipped beside the code (`migrations`, `assets`), found whether the API runs from source
 * (tests), from dist in the workspace (so `npm run dev` sees a change at its next restart), or from an image that has
 * only dist (the build copies both folders to dist/apps/api). `probe` is a file the folder must hold.
 */
export function apiFolder(name: string, probe: string): string {
  const candidates = [
    path.resolve(__dirname, '../..', name), // apps/api/src/infrastructure -> apps/api/{name}
    path.resolve(__dirname, '../../../../apps/api', name), // dist/apps/api/infrastructure -> apps/api/{name}
    path.resolve(__dirname, '..', name), // dist/apps/api/{name}
  ];
  const found = candidates.find((dir) => existsSync(path.join(dir, probe)));
  if (!found) throw new Error(`no ${name} folder beside the API (looked in ${candidates.join(', ')})`);
  return found;
}
