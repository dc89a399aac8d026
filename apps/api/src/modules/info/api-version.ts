import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';

/** The API version is the workspace's package version, found by walking up from this file (src or dist). */
export function readApiVersion(start = __dirname): string {
  let dir = start;
  for (;;) {
    const candidate = path.join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'credence' && pkg.version) return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return '0.0.0';
    dir = parent;
  }
}
