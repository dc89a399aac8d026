// `npm run projections:rebuild -- <name|--all>`: rebuilds read models from the start of the log into fresh
// tables and swaps them in, while the old tables keep serving reads. Works with the API running (its runner
// does the work; this command asks for it and shows progress) or stopped (this command does the work).
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { spawnEmbeddedPostgres } from './embedded-postgres.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
if (!args.length || args.includes('--help')) {
  process.stderr.write('usage: npm run projections:rebuild -- <name ...|--all>\n');
  process.exit(args.length ? 0 : 1);
}

const build = spawnSync(path.join(root, 'node_modules/.bin/nx'), ['run-many', '-t', 'build', '--projects=domain,read-models,api', '--outputStyle=static'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false' },
});
if (build.status !== 0) process.exit(1);

const api = (p) => createRequire(import.meta.url)(path.join(root, 'dist/apps/api', p));
let stopDatabase = async () => undefined;
if (!process.env.DATABASE_URL) {
  // The database `npm start` runs, if it is up; otherwise start it on the same data for the rebuild.
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

const { loadConfig } = api('config/load-config');
const { createEventStore } = api('infrastructure/event-store/event-store.module');
const { UpcasterRegistry } = api('infrastructure/event-store/upcasters');
const { projectionCatalog } = api('projection-catalog');
const { ProjectionRunner } = api('infrastructure/projections/projection-runner');
const checkpoints = api('infrastructure/projections/projection-checkpoints');
const { Pool } = createRequire(path.join(root, 'package.json'))('pg');

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const names = args.includes('--all') ? projectionCatalog.map((d) => d.projection.name) : args;
const unknown = names.filter((n) => !projectionCatalog.some((d) => d.projection.name === n));
if (unknown.length) {
  process.stderr.write(`unknown projection(s): ${unknown.join(', ')}\nknown: ${projectionCatalog.map((d) => d.projection.name).join(', ')}\n`);
  await stopDatabase();
  process.exit(1);
}

const pool = new Pool({ connectionString: config.database.url, max: 4 });
const store = createEventStore(config, pool, new UpcasterRegistry());
await store.init();
await pool.query(checkpoints.CHECKPOINTS_DDL);

for (const name of names) {
  const definition = projectionCatalog.find((d) => d.projection.name === name);
  await checkpoints.ensureCheckpoint(pool, name, definition.projection.version);
  await checkpoints.requestRebuild(pool, name, definition.projection.version);
  const started = Date.now();
  // Does the work itself if no API holds the projection; otherwise stands by while the API's runner does it.
  const runner = new ProjectionRunner(pool, store, definition, { batchSize: 2000, exitAfterRebuild: true, lockRetryMs: 500, idleWaitMs: 10 });
  runner.start();
  for (;;) {
    const cp = await checkpoints.readCheckpoint(pool, name);
    if (!cp.rebuild) break;
    const n = cp.rebuild.eventsProcessed;
    const rate = Math.round(n / Math.max(0.001, (Date.now() - started) / 1000));
    process.stdout.write(`\r${name}: ${n} events rebuilt (${rate}/s, ${runner.state === 'active' ? 'here' : 'by the running API'})   `);
    await new Promise((r) => setTimeout(r, 500));
  }
  await runner.stop();
  const cp = await checkpoints.readCheckpoint(pool, name);
  process.stdout.write(`\r${name}: rebuilt from ${cp.eventsProcessed} events in ${((Date.now() - started) / 1000).toFixed(1)} s and swapped in\n`);
}
await store.close();
await pool.end();
await stopDatabase();

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
