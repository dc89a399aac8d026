// Browser journeys of the portal (issue 8): starts the app on a free port against a fresh embedded PostgreSQL,
// runs every journey in the system Chromium, stops the app. The exit code is the result.
//
//   node apps/portal-e2e/run.mjs                 build, start, run all, stop
//   node apps/portal-e2e/run.mjs sidebar         only the journeys whose name contains "sidebar"
//   E2E_BASE_URL=http://localhost:3100 node apps/portal-e2e/run.mjs   against an app that is already running
//   E2E_SHARD=1/2 node apps/portal-e2e/run.mjs   every second journey from the first, with an app of its own
//                                                (CI runs the shards side by side: the journeys mostly wait)
//
// Screenshots go to screenshots/portal/ (git-ignored), the app's log and a JSON summary to tmp/portal-e2e/
// (app.log and results.json; app-1.log and results-1.json for shard 1).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

// The journeys are TypeScript run by Node's own type stripping (Node 24); an older node hands over to Node 24 the
// way every npm script of the repository does.
if (Number(process.versions.node.split('.')[0]) < 24) {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const r = spawnSync(
    'sh',
    [path.join(root, 'tools', 'node24.sh'), 'node', import.meta.filename, ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  process.exit(r.status ?? 1);
}

const { repoRoot, startApp } = await import('./src/app.ts');
const { runJourneys } = await import('./src/harness.ts');
const { journeys } = await import('./src/journeys/index.ts');

const only = process.argv[2];
// A shard keeps the journeys' order (readers of the demo data before the journeys that change it), every n-th one.
const shard = /^(\d+)\/(\d+)$/.exec(process.env.E2E_SHARD ?? '');
const [index, count] = shard ? [Number(shard[1]), Number(shard[2])] : [1, 1];
if (index < 1 || index > count)
  throw new Error(`E2E_SHARD=${process.env.E2E_SHARD}: expected k/n with 1 <= k <= n`);
const suffix = count > 1 ? `-${index}` : '';
const mine = journeys.filter((_, i) => i % count === index - 1);
let app = null;
let baseUrl = process.env.E2E_BASE_URL;
const stopApp = async () => {
  const running = app;
  app = null;
  await running?.stop();
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void stopApp().then(() => process.exit(130)));
}

let ok = false;
try {
  if (!baseUrl) {
    const log = path.join(repoRoot, 'tmp', 'portal-e2e', `app${suffix}.log`);
    process.stdout.write(`starting the app (log: ${path.relative(repoRoot, log)}) ...\n`);
    const started = Date.now();
    app = await startApp(log);
    baseUrl = app.baseUrl;
    process.stdout.write(`app ready at ${baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s\n\n`);
  }
  if (count > 1)
    process.stdout.write(`shard ${index} of ${count}: ${mine.length} of ${journeys.length} journeys\n\n`);
  ok = await runJourneys(mine, baseUrl, only, `results${suffix}.json`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
} finally {
  await stopApp();
}
process.exit(ok ? 0 : 1);
