// `npm run bench -- <name> [args]`: builds the API (not for portal-bundle), then runs tools/bench/<name>.mjs. Each figure is printed as one
// JSON line on stdout: {"name", "params", "value", "unit", "baseline"?, "ratio"?}. Progress goes to stderr.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const root = path.resolve(here, '../..');
const [name, ...args] = process.argv.slice(2);
const available = readdirSync(here).filter((f) => f.endsWith('.mjs') && !['run.mjs', 'lib.mjs'].includes(f)).map((f) => f.slice(0, -4));
if (!name || !available.includes(name)) {
  process.stderr.write(`usage: npm run bench -- <name>\n  names: ${available.join(', ')}\n`);
  process.exit(name ? 1 : 0);
}
// Benches of the browser bundle build what they measure themselves, and need no API.
const needsApi = !['portal-bundle'].includes(name);
const build = needsApi
  ? spawnSync(path.join(root, 'node_modules/.bin/nx'), ['run-many', '-t', 'build', '--projects=domain,read-models,api', '--outputStyle=static'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false' },
    })
  : { status: 0 };
if (build.status !== 0 || (needsApi && !existsSync(path.join(root, 'dist/apps/api/main.js')))) {
  process.stderr.write('build failed\n');
  process.exit(1);
}
const r = spawnSync(process.execPath, ['--expose-gc', path.join(here, `${name}.mjs`), ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, LOG_LEVEL: 'silent' } });
process.exit(r.status ?? 1);
