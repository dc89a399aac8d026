// Rebuild speed: 1,000,000 generated events (BENCH_EVENTS to change), the stream-stats projection rebuilt from
// the start of the log into a shadow table and swapped in, in events per second; and the rebuild's CPU per event,
// which load does not distort: this node process's, and the embedded PostgreSQL's (its processes below this one,
// from /proc; not measured with DATABASE_URL).
import { loadavg } from 'node:os';
import { api, benchDatabase, checkpointAt, event, figure, log, nodeCpuMs, pg, postgresCpuMs } from './lib.mjs';


const total = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const { PostgresEventStore } = api('infrastructure/event-store/postgres-event-store');
const { ProjectionRunner } = api('infrastructure/projections/projection-runner');
const { CHECKPOINTS_DDL, requestRebuild } = api('infrastructure/projections/projection-checkpoints');
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

// The live projection is current; only the rebuild's work is measured.
const head = await store.headPosition();
await checkpointAt(pool, streamStatsDefinition.projection, head);
await requestRebuild(pool, streamStatsDefinition.projection.name, streamStatsDefinition.projection.version);
const batchSize = Number(process.env.BENCH_BATCH ?? 5000);
const runner = new ProjectionRunner(pool, store, streamStatsDefinition, { batchSize, exitAfterRebuild: true, idleWaitMs: 10 });
const load0 = loadavg()[0];
const [node0, pg0] = [nodeCpuMs(), postgresCpuMs()];
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
const [node1, pg1] = [nodeCpuMs(), postgresCpuMs()];
const rows = (await pool.query('SELECT count(*)::int AS n FROM rm_stream_stats')).rows[0].n;
const params = { events: total, batchSize, rows, load: `${load0.toFixed(1)}-${loadavg()[0].toFixed(1)}` };
figure('projection.rebuild', params, total / seconds, 'events/s');
figure('projection.rebuild.cpu-per-event.node', params, ((node1 - node0) * 1000) / total, 'us');
figure('projection.rebuild.cpu-per-event.postgres', params, ((pg1 - pg0) * 1000) / total, 'us');
await store.close();
await pool.end();
await db.drop();
