// `npm run migrate`: runs the migrations not run yet (apps/api/migrations); `npm run migrate:revert [-- N]` reverts
// the last one (or the last N). The API also migrates at every start, so this is for doing it ahead of a deploy or
// for undoing one. DATABASE_URL's database, or else the one `npm start` uses (.data/, started here if it is down).
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { spawnEmbeddedPostgres } from './embedded-postgres.mjs';

const root = path.resolve(import.meta.dirname, '..');
const revert = process.argv[2] === '--revert';
const count = revert ? Number(process.argv[3] ?? 1) : undefined;
if (revert && !(Number.isInteger(count) && count > 0)) {
  process.stderr.write('usage: npm run migrate:revert [-- <how many, default 1>]\n');
  process.exit(1);
}

const build = spawnSync(path.join(root, 'node_modules/.bin/nx'), ['run', 'api:build', '--outputStyle=static'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false' },
});
if (build.status !== 0) process.exit(1);

let stopDatabase = async () => undefined;
if (!process.env.DATABASE_URL) {
  const info = path.join(root, '.data/postgres.json');
  const running = existsSync(info) && JSON.parse(readFileSync(info, 'utf8'));
  if (running && isAlive(running.pid)) {
    process.env.DATABASE_URL = running.url;
  } else {
    const pg = await spawnEmbeddedPostgres({ dataDir: path.join(root, '.data/postgres') });
    process.env.DATABASE_URL = pg.url;
    stopDatabase = pg.stop;
  }
}

const { migrate } = createRequire(import.meta.url)(path.join(root, 'dist/apps/api/infrastructure/database/migrations'));
const { Client } = createRequire(path.join(root, 'package.json'))('pg');
const client = new Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
try {
  const ran = await migrate(client, { direction: revert ? 'down' : 'up', count, log: (m) => process.stderr.write(`${m}\n`) });
  process.stdout.write(
    ran.length
      ? `${revert ? 'reverted' : 'ran'}: ${ran.map((m) => m.name).join(', ')}\n`
      : `nothing to ${revert ? 'revert' : 'run'}\n`,
  );
} catch (e) {
  process.stderr.write(`${e.message}\n`);
  process.exitCode = 1;
} finally {
  await client.end();
  await stopDatabase();
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
