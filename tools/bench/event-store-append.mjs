// Append throughput of the PostgreSQL event store with 1, 4 and 16 concurrent writers (each on its own streams, one
// event per append, streams of 10 events with exact expected revisions), next to the same number of writers doing
// plain single-row INSERT commits of the same JSON into a table with only a primary key: what the database itself
// gives per commit on this machine. Runs on the compiled API (npm run bench -- event-store-append, or build first).
import { api, benchDatabase, event, figure, log, pg } from './lib.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const writerCounts = (process.env.BENCH_WRITERS ?? '1,4,16').split(',').map(Number);
const { PostgresEventStore } = api('infrastructure/event-store/postgres-event-store');

const db = await benchDatabase('append');
const pool = new pg.Pool({ connectionString: db.url, max: Math.max(...writerCounts) + 2 });
// Clients still closing when the database is dropped WITH (FORCE) get a FATAL: not worth a crash.
pool.on('error', () => undefined);
const store = new PostgresEventStore(pool);
await store.init();
await pool.query('CREATE TABLE bench_plain (id bigserial PRIMARY KEY, data jsonb NOT NULL)');

/** Runs `writers` loops of `op` for `ms` and answers the completed operations per second. */
async function measure(writers, ms, op) {
  const end = performance.now() + ms;
  const counts = await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      let n = 0;
      while (performance.now() < end) await op(w, n++);
      return n;
    }),
  );
  return counts.reduce((a, b) => a + b, 0) / (ms / 1000);
}

let run = 0;
function appendOp() {
  const tag = `r${run++}`;
  return (w, n) => {
    const revision = n % 10;
    const stream = `bench-${tag}-w${w}-${Math.floor(n / 10)}`;
    return store.append(
      stream,
      [event('BenchHappened', n)],
      revision === 0 ? 'no_stream' : BigInt(revision - 1),
    );
  };
}
const insertOp = () => (w, n) =>
  pool.query('INSERT INTO bench_plain (data) VALUES ($1)', [JSON.stringify(event('BenchHappened', n))]);

try {
  log('warming up...');
  await measure(4, 1000, appendOp());
  await measure(4, 1000, insertOp());
  for (const writers of writerCounts) {
    const baseline = await measure(writers, seconds * 1000, insertOp());
    const value = await measure(writers, seconds * 1000, appendOp());
    log(`${writers} writers: ${value.toFixed(0)} appends/s, ${baseline.toFixed(0)} plain inserts/s`);
    figure('event-store.append', { writers }, value, 'appends/s', baseline);
  }
} finally {
  await store.close();
  await pool.end();
  await db.drop();
}
