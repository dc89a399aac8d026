// Rebuild speed: 1,000,000 generated events (BENCH_EVENTS to change), the stream-stats projection rebuilt from
// the start of the log into a shadow table and swapped in, in events per second.
import { api, benchDatabase, event, figure, log, pg } from './lib.mjs';

const total = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const { PostgresEventStore } = api('infrastructure/event-store/postgres-event-store');
const { ProjectionRunner } = api('infrastructure/projections/projection-runner');
const { CHECKPOINTS_DDL, ensureCheckpoint, requestRebuild } = api('infrastructure/projections/projection-checkpoints');
const { streamStatsDefinition } = api('infrastructure/projections/stream-stats.table');

const db = await benchDatabase('rebuild');
const pool = new pg.Pool({ connectionString: db.url, max: 8 });
pool.on('error', () => undefined);
const store = new PostgresEventStore(pool);
await store.init();
await pool.query(CHECKPOINTS_DDL);

log(`generating ${total} events...`);
const perAppend = 1000;
const genStart = performance.now();
const writers = 4;
let next = 0;
await Promise.all(
  Array.from({ length: writers }, async () => {
    while (next < total) {
      const from = next;
      next += perAppend;
      const n = Math.min(perAppend, total - from);
      await store.append(`gen-${from % 10007}-${from}`, Array.from({ length: n }, (_, k) => event('Generated', from + k)), 'any');
    }
  }),
);
log(`generated in ${((performance.now() - genStart) / 1000).toFixed(1)} s`);

await ensureCheckpoint(pool, streamStatsDefinition.projection.name, streamStatsDefinition.projection.version);
// The live projection is current; only the rebuild's work is measured.
const head = await store.headPosition();
await pool.query('UPDATE projection_checkpoints SET commit_position = $2, prepare_position = $3 WHERE name = $1', [
  streamStatsDefinition.projection.name,
  head.commit.toString(),
  head.prepare.toString(),
]);
await requestRebuild(pool, streamStatsDefinition.projection.name, streamStatsDefinition.projection.version);
const batchSize = Number(process.env.BENCH_BATCH ?? 5000);
const runner = new ProjectionRunner(pool, store, streamStatsDefinition, { batchSize, exitAfterRebuild: true, idleWaitMs: 10 });
const t0 = performance.now();
let last = 0;
runner.progress.on('rebuild', (r) => {
  if (r.eventsProcessed - last >= 100000) {
    last = r.eventsProcessed;
    log(`  ${r.eventsProcessed} events`);
  }
});
runner.start();
await runner.finished;
const seconds = (performance.now() - t0) / 1000;
const rows = (await pool.query('SELECT count(*)::int AS n FROM rm_stream_stats')).rows[0].n;
figure('projection.rebuild', { events: total, batchSize, rows }, total / seconds, 'events/s');
await store.close();
await pool.end();
await db.drop();
