// Append-to-read-model latency: a steady 1,000 events/s for 30 s on the PostgreSQL adapter, one event per append,
// with the stream-stats projection running in this process (woken by LISTEN/NOTIFY as in the API). Latency is
// from the append's start to the projection checkpoint reaching the append's position.
import { api, benchDatabase, event, figure, log, percentile, pg } from './lib.mjs';

const rate = Number(process.env.BENCH_RATE ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
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
const runner = new ProjectionRunner(pool, store, streamStatsDefinition, { batchSize: 500, idleWaitMs: 1000 });
const unsubscribe = store.onAppended?.(() => runner.wake());
runner.start();

const pending = []; // { position, started }
const latencies = [];
runner.progress.on('live', (position) => {
  const now = performance.now();
  while (pending.length && comparePositions(pending[0].position, position) <= 0) {
    latencies.push(now - pending.shift().started);
  }
});

log(`appending ${rate} events/s for ${seconds} s...`);
const total = rate * seconds;
const begin = performance.now();
let sent = 0;
let inFlight = 0;
let maxInFlight = 0;
const done = [];
await new Promise((resolve) => {
  const tick = setInterval(() => {
    const due = Math.min(total, Math.floor(((performance.now() - begin) / 1000) * rate));
    while (sent < due) {
      const i = sent++;
      const started = performance.now();
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const p = store.append(`bench-${i % 500}`, [event('Ticked', i)], 'any').then((r) => {
        inFlight--;
        // Positions become visible in commit order; keep pending sorted by position.
        const entry = { position: r.position, started };
        let k = pending.length;
        while (k > 0 && comparePositions(pending[k - 1].position, entry.position) > 0) k--;
        pending.splice(k, 0, entry);
        runner.wake();
      });
      done.push(p);
    }
    if (sent >= total) {
      clearInterval(tick);
      resolve();
    }
  }, 5);
});
await Promise.all(done);
const elapsed = (performance.now() - begin) / 1000;
await runner.waitFor(await store.headPosition(), 60000);
unsubscribe?.();
await runner.stop();
latencies.sort((a, b) => a - b);
const params = { rate, seconds, achievedRate: Math.round(total / elapsed), maxInFlight };
figure('projection.latency.p50', params, percentile(latencies, 50), 'ms');
figure('projection.latency.p99', params, percentile(latencies, 99), 'ms');
figure('projection.latency.max', params, latencies[latencies.length - 1], 'ms');
await store.close();
await pool.end();
await db.drop();
