// Append-to-read-model latency: a steady 1,000 events/s for 30 s on the PostgreSQL adapter, one event per append,
// with the stream-stats projection running in this process (woken as in the API: the append's local wake-up).
// Latency is from the append's start to the projection checkpoint reaching the append's position. Beside it, what
// the tail is made of (the append's own time, then the runner's), and CPU per event, which load does not distort:
// first a baseline of the same appends with no projection (BENCH_BASELINE_SECONDS, default 10), then the measured
// run; the projection's CPU per event is the difference, for this node process and for PostgreSQL (every process
// of the embedded server below this one, from /proc; not measured with DATABASE_URL).
import { loadavg } from 'node:os';
import { api, appendSteadily, benchDatabase, checkpointAt, trackProjectionLag, event, figure, log, nodeCpuMs, percentile, pg, postgresCpuMs } from './lib.mjs';

const rate = Number(process.env.BENCH_RATE ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const baselineSeconds = Number(process.env.BENCH_BASELINE_SECONDS ?? 10);
const { PostgresEventStore } = api('infrastructure/event-store/postgres-event-store');
const { ProjectionRunner } = api('infrastructure/projections/projection-runner');
const { CHECKPOINTS_DDL } = api('infrastructure/projections/projection-checkpoints');
const { streamStatsDefinition } = api('infrastructure/projections/stream-stats.table');
const { comparePositions } = api('infrastructure/event-store/event-store.port');

const db = await benchDatabase('latency');
const pool = new pg.Pool({ connectionString: db.url, max: 24 });
pool.on('error', () => undefined);
const store = new PostgresEventStore(pool);
await store.init();
await pool.query(CHECKPOINTS_DDL);

/** `rate` Ticked events/s for `secs` seconds over 500 streams; calls onAppended(position, started) for each. */
const appendTicks = (secs, onAppended) =>
  appendSteadily(store, { rate, seconds: secs, next: (i) => [`bench-${i % 500}`, event('Ticked', i)], onAppended });

const cpu = () => ({ node: nodeCpuMs(), pg: postgresCpuMs() });
const perEvent = (from, to, n) => ({ node: ((to.node - from.node) * 1000) / n, pg: ((to.pg - from.pg) * 1000) / n });

// Baseline: the same appends, no projection running.
const load0 = loadavg()[0];
log(`baseline: appending ${rate} events/s for ${baselineSeconds} s with no projection...`);
const b0 = cpu();
const base = baselineSeconds > 0 ? await appendTicks(baselineSeconds) : undefined;
const baseCpu = base && perEvent(b0, cpu(), base.total);

// The projection starts at the head: only the measured run's events are its work.
const head = await store.headPosition();
await checkpointAt(pool, streamStatsDefinition.projection, head);
const runner = new ProjectionRunner(pool, store, streamStatsDefinition, { batchSize: 500, idleWaitMs: 1000 });
const unsubscribe = store.onAppended?.((position) => runner.wake(position));
// How long each step of the runner takes (read, apply, checkpoint), to tell a slow step from a late start.
const steps = [];
let emptySteps = 0;
const step = runner.step.bind(runner);
runner.step = async (client) => {
  const t = performance.now();
  const from = runner.position;
  const found = await step(client);
  if (from && comparePositions(runner.position, from) > 0) steps.push(performance.now() - t);
  else emptySteps++;
  return found;
};
runner.start();
await runner.waitFor(head, 10000);

const { latencies, afterAppend, appended } = trackProjectionLag(runner);

log(`appending ${rate} events/s for ${seconds} s with the projection...`);
const c0 = cpu();
const run = await appendTicks(seconds, (position, started) => {
  appended(position, started);
  runner.wake(position);
});
await runner.waitFor(await store.headPosition(), 60000);
const runCpu = perEvent(c0, cpu(), run.total);
const load1 = loadavg()[0];
unsubscribe?.();
await runner.stop();

const sorted = (a) => [...a].sort((x, y) => x - y);
latencies.sort((a, b) => a - b);
const params = {
  rate,
  seconds,
  achievedRate: Math.round(run.total / run.elapsed),
  maxInFlight: run.maxInFlight,
  load: `${load0.toFixed(1)}-${load1.toFixed(1)}`,
};
figure('projection.latency.p50', params, percentile(latencies, 50), 'ms');
figure('projection.latency.p99', params, percentile(latencies, 99), 'ms');
figure('projection.latency.max', params, latencies[latencies.length - 1], 'ms');
// Where the time goes: the append's own answer, then from it to the checkpoint; the runner's steps.
const appendSorted = sorted(run.appendLatencies);
figure('projection.latency.append.p50', params, percentile(appendSorted, 50), 'ms');
figure('projection.latency.append.p99', params, percentile(appendSorted, 99), 'ms');
const afterSorted = sorted(afterAppend);
figure('projection.latency.after-append.p50', params, percentile(afterSorted, 50), 'ms');
figure('projection.latency.after-append.p99', params, percentile(afterSorted, 99), 'ms');
const stepSorted = sorted(steps);
// Steps that found events, and the ones that found none (woken, but the news not readable yet): CPU spent per batch.
figure('projection.latency.batches', { ...params, emptySteps }, steps.length, 'steps');
figure('projection.latency.events-per-batch', params, run.total / steps.length, 'events');
figure('projection.latency.step.p50', params, percentile(stepSorted, 50), 'ms');
figure('projection.latency.step.p99', params, percentile(stepSorted, 99), 'ms');
if (base) {
  const baseAppend = sorted(base.appendLatencies);
  figure('projection.latency.append.p99', { ...params, projection: false }, percentile(baseAppend, 99), 'ms');
  // CPU per event of the projection: the run's minus the baseline's (the appends alone), in microseconds.
  figure('projection.cpu-per-event.node', params, runCpu.node - baseCpu.node, 'us', undefined);
  figure('projection.cpu-per-event.postgres', params, runCpu.pg - baseCpu.pg, 'us', undefined);
  figure('projection.cpu-per-event.append-only.node', params, baseCpu.node, 'us');
  figure('projection.cpu-per-event.append-only.postgres', params, baseCpu.pg, 'us');
}
await store.close();
await pool.end();
await db.drop();
