// `npm run fault -- <scenario> [--quick] [--duration=S]`: the fault and load suite (issue 19). Each scenario builds
// the API, starts its own embedded PostgreSQL and the compiled API, does what it says, prints one JSON document of
// what it did and what it found on stdout (progress on stderr), stops everything, and exits 0 when it held.
//
//   kill        SIGKILL the API during 200 concurrent card-paid submissions; retry the unacknowledged with their keys
//   pg-restart  stop PostgreSQL for 5 s under load; the API survives, fails fast, recovers, loses nothing acknowledged
//   queue-stop  SIGKILL the scenario's own redis-server (BullMQ) for 5 s under submissions; each auto-check runs once
//               (--no-persistence: a Redis that loses its jobs in the kill; the API's sweeps recover the checks and
//               the SMTP deliveries, each once)
//   chromium-kill  SIGKILL the API's Chromium during certificate renders; every download ends with a PDF, the pool recovers
//   load        sign in, list, search, submit and resolve with autocannon at 100 connections for 60 s
//   ci          the quick ones above in turn, each with a hard timeout (ci.mjs): what CI runs
// --no-build skips the build (ci builds once, then runs each scenario with it).
import { buildApi, log } from './lib.mjs';

const [scenario, ...rest] = process.argv.slice(2);
const flag = (name) => rest.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const quick = rest.includes('--quick');
const SCENARIOS = {
  kill: async () =>
    (await import('./kill.mjs')).killScenario({
      submissions: Number(flag('submissions') ?? (quick ? 60 : 200)),
    }),
  'pg-restart': async () =>
    (await import('./pg-restart.mjs')).pgRestartScenario({
      durationMs: 1000 * Number(flag('duration') ?? (quick ? 20 : 30)),
      workers: quick ? 10 : 20,
    }),
  'queue-stop': async () =>
    (await import('./queue-stop.mjs')).queueStopScenario({
      submissions: Number(flag('submissions') ?? (quick ? 60 : 120)),
      persistence: !rest.includes('--no-persistence'),
    }),
  'chromium-kill': async () => (await import('./chromium-kill.mjs')).chromiumKillScenario(),
  ci: async () => (await import('./ci.mjs')).ciRun(),
  load: async () =>
    (await import('./load.mjs')).loadScenario({
      durationS: Number(flag('duration') ?? (quick ? 20 : 60)),
      connections: Number(flag('connections') ?? 100),
      pending: quick ? 100 : 400,
    }),
};

if (!SCENARIOS[scenario]) {
  process.stderr.write(
    `usage: npm run fault -- <${Object.keys(SCENARIOS).join('|')}> [--quick] [--no-build] [--duration=S] [--submissions=N] [--connections=N] [--no-persistence]\n`,
  );
  process.exit(2);
}
const started = Date.now();
if (!rest.includes('--no-build')) {
  log(`building the API`);
  buildApi();
}
log(`scenario ${scenario}${quick ? ' (quick)' : ''}`);
const watchdog = setTimeout(() => {
  log('scenario did not finish within 45 minutes: giving up');
  process.exit(3);
}, 45 * 60_000);
watchdog.unref();
try {
  const result = await SCENARIOS[scenario]();
  result.seconds = Math.round((Date.now() - started) / 100) / 10;
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  process.exit(result.ok ? 0 : 1);
} catch (e) {
  process.stderr.write(`${e?.stack ?? e}\n`);
  process.exit(1);
}
