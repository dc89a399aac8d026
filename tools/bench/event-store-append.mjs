// Append throughput of the PostgreSQL event store with 1, 4 and 16 concurrent writers (each on its own streams, one
// event per append, streams of 10 events with exact expected revisions), next to the same number of writers doing
// plain single-row INSERT commits of the same JSON into a table with only a primary key: what the database itself
// gives per commit on this machine. In the same run:
// - "notify-in-transaction": the append statement with the NOTIFY put back inside it, as appends woke subscribers
//   before issue 18 (a NOTIFY in a transaction takes a database-wide lock at commit);
// - "unchained": today's append without the hash chain, to show what the chain costs (issue 24);
// - "chained": the product's append;
// - "chained-no-group-commit": the product's append with group commit off (each append its own commit).
// Each mode also prints its CPU per append (this process plus the database backends, microseconds) next to a plain
// INSERT's: robust to what else the machine runs, where appends/s is not.
// Then replay-to-instant latency: read a 1,000-event verification stream and fold it to a random revision with the
// domain's evolve (what GET /admin/verifications/{id}/state does). Runs on the compiled API (npm run bench --
// event-store-append, or build first).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { api, benchDatabase, event, figure, log, percentile, pg } from './lib.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
// BENCH_DURABLE=1 (benchDatabase): commits flushed to disk (fsync on), as a production database and npm start's run;
// by default off, as the tests' throw-away databases, where a commit costs CPU only.
const fsync = process.env.BENCH_DURABLE === '1' ? 'on' : 'off';
const writerCounts = (process.env.BENCH_WRITERS ?? '1,4,16').split(',').map(Number);
const { PostgresEventStore } = api('infrastructure/event-store/postgres-event-store');
const { appendOneSql } = api('infrastructure/event-store/postgres-event-store.sql');
const { replayVerification } = api('modules/audit/replay');

const db = await benchDatabase('append');
const pool = new pg.Pool({ connectionString: db.url, max: Math.max(...writerCounts) + 2, idleTimeoutMillis: 0 });
// Clients still closing when the database is dropped WITH (FORCE) get a FATAL: not worth a crash.
pool.on('error', () => undefined);
// BENCH_IN_FLIGHT: group commit's statements in flight for chained and unchained (default: the product's).
const inFlight = process.env.BENCH_IN_FLIGHT ? { appendsInFlight: Number(process.env.BENCH_IN_FLIGHT) } : {};
const chained = new PostgresEventStore(pool, inFlight);
const unchained = new PostgresEventStore(pool, { hashChain: false, ...inFlight });
// The product's append with group commit off (every append its own statement and commit, as before issue 18's
// third round): what sharing commits between concurrent writers gives.
const alone = new PostgresEventStore(pool, { appendsInFlight: 1_000_000 });
await chained.init();
await pool.query('CREATE TABLE bench_plain (id bigserial PRIMARY KEY, data jsonb NOT NULL)');

/** CPU (ms, user + system) used so far by each of this database's server processes (its connections' backends). */
async function serverCpuMs() {
  const { rows } = await pool.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  const byPid = new Map();
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      byPid.set(pid, ((Number(fields[11]) + Number(fields[12])) / 100) * 1000); // USER_HZ is 100 on Linux
    } catch {
      // a backend that ended meanwhile
    }
  }
  return byPid;
}

/** The CPU the backends used between two serverCpuMs() readings (a backend that ended meanwhile: not counted). */
function serverCpuBetween(before, after) {
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}

/**
 * Runs `writers` loops of `op` for `ms`: the completed operations per second, and the CPU each cost in this process
 * and in the database's backends (microseconds). CPU per operation hardly moves with what else the machine runs,
 * where operations per second do.
 */
async function measure(writers, ms, op) {
  const cpu0 = process.cpuUsage();
  const server0 = await serverCpuMs();
  const end = performance.now() + ms;
  const counts = await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      let n = 0;
      while (performance.now() < end) await op(w, n++);
      return n;
    }),
  );
  const server = serverCpuBetween(server0, await serverCpuMs());
  const client = process.cpuUsage(cpu0);
  const n = counts.reduce((a, b) => a + b, 0);
  return { rate: n / (ms / 1000), cpuUs: (client.user + client.system + server * 1000) / n };
}

let run = 0;
/** One event per append on streams of 10, exact expected revisions; `append(stream, events, expected)`. */
function appendOp(append) {
  const tag = `r${run++}`;
  return (w, n) => {
    const revision = n % 10;
    const stream = `bench-${tag}-w${w}-${Math.floor(n / 10)}`;
    return append(stream, [event('BenchHappened', n)], revision === 0 ? 'no_stream' : BigInt(revision - 1));
  };
}

/** The append before issue 18: the same statement (one event, unchained), with the NOTIFY inside it. */
function notifyInTransaction(expected) {
  return `WITH appended AS (${appendOneSql(expected, false)})
    SELECT revision, commit, prepare, pg_notify('credence_es_events', '') AS notified FROM appended`;
}
async function oldAppend(stream, events, expected) {
  const [e] = events;
  const params = [stream, e.metadata.eventId, e.type, e.schemaVersion, JSON.stringify(e.data ?? null), JSON.stringify(e.metadata)];
  if (typeof expected === 'bigint') params.push(expected.toString());
  const kind = typeof expected === 'bigint' ? 'exact' : expected;
  const { rows } = await pool.query({ name: `bench_old_${kind}`, text: notifyInTransaction(expected), values: params });
  if (rows.length !== 1) throw new Error('the old append wrote nothing');
}

const modes = {
  'notify-in-transaction': () => appendOp(oldAppend),
  unchained: () => appendOp((s, e, x) => unchained.append(s, e, x)),
  chained: () => appendOp((s, e, x) => chained.append(s, e, x)),
  'chained-no-group-commit': () => appendOp((s, e, x) => alone.append(s, e, x)),
};
const insertOp = () => (w, n) =>
  pool.query('INSERT INTO bench_plain (data) VALUES ($1)', [JSON.stringify(event('BenchHappened', n))]);

try {
  log('warming up...');
  for (const make of [...Object.values(modes), insertOp]) await measure(4, 700, make());
  // Round-robin in 1-second slices, so that what else the machine does weighs on every mode alike.
  const rounds = Math.max(1, seconds);
  for (const writers of writerCounts) {
    const totals = { plain: 0, ...Object.fromEntries(Object.keys(modes).map((m) => [m, 0])) };
    const cpu = { ...totals };
    for (let r = 0; r < rounds; r++) {
      const plain = await measure(writers, 1000, insertOp());
      totals.plain += plain.rate;
      cpu.plain += plain.cpuUs;
      for (const [mode, make] of Object.entries(modes)) {
        const m = await measure(writers, 1000, make());
        totals[mode] += m.rate;
        cpu[mode] += m.cpuUs;
      }
    }
    const baseline = totals.plain / rounds;
    const values = Object.fromEntries(Object.keys(modes).map((m) => [m, totals[m] / rounds]));
    const cpuOf = (m) => cpu[m] / rounds;
    log(
      `${writers} writers (fsync ${fsync}, load ${loadavg()[0].toFixed(1)}): plain inserts ${baseline.toFixed(0)}/s, ${cpuOf('plain').toFixed(0)} us CPU each; ` +
        Object.entries(values)
          .map(([m, v]) => `${m} ${v.toFixed(0)}/s (${(v / baseline).toFixed(2)}x), ${cpuOf(m).toFixed(0)} us`)
          .join('; '),
    );
    for (const [mode, v] of Object.entries(values)) {
      figure('event-store.append', { writers, mode, fsync, loadAverage1m: loadavg()[0] }, v, 'appends/s', baseline);
      // Lower is better here: ratio < 1 means an append costs less CPU than a plain INSERT commit.
      figure('event-store.append-cpu', { writers, mode, fsync }, cpuOf(mode), 'us/append', cpuOf('plain'));
    }
    figure('event-store.hash-chain-cost', { writers, fsync }, values.chained, 'appends/s', values.unchained);
  }

  // Replay to an instant: a verification of 1,000 events, folded to a random revision each time.
  const id = 'QC-BENCH-REPLAY';
  const stream = `verification-${id}`;
  const drafted = {
    ...event('VerificationDrafted', 0),
    data: {
      verificationId: id, companyId: 'acme', companyName: 'Acme Recruitment Ltd', requestedBy: 'alice@acme.test', requestedByName: 'Alice Archer',
      individual: false, type: 'UNI', institute: null, person: { firstname: 'Jane', middlename: null, surname: 'Doe', dob: '1990-01-01' },
      fields: {}, customerReference: 'REF-0', applicationId: null, accreditationRequested: false, subjects: [], result: 'AWAITING_CONSENT', previousResult: null,
    },
  };
  const updates = Array.from({ length: 999 }, (_, i) => ({ ...event('VerificationUpdated', i + 1), data: { changes: { customerReference: `REF-${i + 1}` } } }));
  await chained.append(stream, [drafted], 'no_stream');
  for (let i = 0; i < updates.length; i += 100) await chained.append(stream, updates.slice(i, i + 100), BigInt(i));
  const times = [];
  for (let i = 0; i < 20; i++) replayVerification(stream, await chained.readStream(stream), { revision: 500 });
  for (let i = 0; i < 300; i++) {
    const started = performance.now();
    const events = await chained.readStream(stream);
    const replay = replayVerification(stream, events, { revision: Math.floor(Math.random() * 1000) });
    if (replay.events.length !== replay.revision + 1) throw new Error('replay folded the wrong events');
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  log(`replay of a 1,000-event stream to a random revision: p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms`);
  figure('audit.replay-to-instant', { events: 1000, percentile: 50 }, percentile(times, 50), 'ms');
  figure('audit.replay-to-instant', { events: 1000, percentile: 99 }, percentile(times, 99), 'ms');
} finally {
  await chained.close();
  await unchained.close();
  await alone.close();
  await pool.end();
  await db.drop();
}
