// Projection lag of the analytics read model (issue 23) under the load of the projection-latency bench: a steady
// 1,000 events/s for 30 s on the PostgreSQL adapter, one event per append, but verification events with realistic
// data (drafted, submitted, invoiced, sent for a manual check, resolved: five events per verification, about a second
// apart, across 2,000 companies and their users, 500 institutes in 22 countries) and the analytics projection running
// in this process as in the API (woken by the append and LISTEN/NOTIFY, its context row per verification, the
// day/week/month counters), beside the verification list's projection as in the API. The analytics table starts with
// BENCH_PRELOAD verifications' rows (default 1,000,000, as in the analytics bench). Lag is from the append's start to
// the analytics checkpoint reaching the append's position: the counters and the checkpoint are written in one
// transaction, so that is when the read model reflects the event; it is split into the append and the rest. First a
// baseline of the same appends with no projection (BENCH_BASELINE_SECONDS, default 10): CPU per event, which load
// does not distort, with and without the projections. After the run the read model is checked against what was
// appended.
//   npm run bench -- analytics-lag
//   BENCH_RATE (1000), BENCH_SECONDS (30), BENCH_PRELOAD (1000000), BENCH_BASELINE_SECONDS (10), BENCH_WITH_LIST
//   (1; 0: the analytics projection alone)
import { loadavg } from 'node:os';
import { api, appendSteadily, benchDatabase, checkpointAt, trackProjectionLag, figure, log, percentile, pg, postgresCpuMs } from './lib.mjs';

const rate = Number(process.env.BENCH_RATE ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const preload = Number(process.env.BENCH_PRELOAD ?? 1_000_000);
const baselineSeconds = Number(process.env.BENCH_BASELINE_SECONDS ?? 10);
const withList = process.env.BENCH_WITH_LIST !== '0';
const { PostgresEventStore } = api('infrastructure/event-store/postgres-event-store');
const { ProjectionRunner } = api('infrastructure/projections/projection-runner');
const { CHECKPOINTS_DDL } = api('infrastructure/projections/projection-checkpoints');
const { createTableSql, indexName } = api('infrastructure/projections/projection-sql');
const { analyticsDefinition, ANALYTICS_TABLE } = api('modules/insights/projections/analytics.table');
const { verificationListDefinition } = api('modules/verifications/projections/verification-tables');

const COUNTRIES = ['United Kingdom', 'Ireland', 'France', 'Germany', 'Spain', 'Italy', 'India', 'Nigeria', 'Ghana', 'Kenya', 'China', 'Japan',
  'Australia', 'Canada', 'United States', 'Brazil', 'Mexico', 'Poland', 'Romania', 'Pakistan', 'Philippines', 'South Africa'];
const TYPES = ['UNI', 'EMPLOYMENT', 'PROF_LIC', 'HIGH_SCHOOL'];
const OUTCOMES = ['VERIFIED', 'VERIFIED', 'VERIFIED', 'NOT_VERIFIED', 'REJECTED'];
const STAGES = 5;
/** Verifications between two stages of one verification: its events are this many slots (1 s at 1,000/s) apart. */
const SPACING = Math.max(1, Math.round(rate / STAGES));

const A = `"${ANALYTICS_TABLE}"`;
const db = await benchDatabase('analytics_lag');
const pool = new pg.Pool({ connectionString: db.url, max: 24 });
pool.on('error', () => undefined);
const store = new PostgresEventStore(pool);
await store.init();
await pool.query(CHECKPOINTS_DDL);

const processCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The analytics table as a year of a large customer base would leave it: fact rows and their counters. */
async function preloadTable() {
  const table = analyticsDefinition.table;
  for (const sql of createTableSql(table)) await pool.query(sql);
  if (!preload) return;
  for (let i = 0; i < (table.indexes ?? []).length; i++) await pool.query(`DROP INDEX IF EXISTS "${indexName(table.name, i)}"`);
  await pool.query(
    `INSERT INTO ${A} ("id", "kind", "companyId", "scope", "grain", "period", "dim", "key", "count", "applicationId", "fact")
     SELECT 'v|QP' || lpad(n::text, 10, '0'), 'VERIFICATION', company, 'user' || (h % 25) || '@' || company || '.test', NULL, day, 'verification',
            (ARRAY['VERIFIED','VERIFIED','VERIFIED','PENDING','NOT_VERIFIED','REJECTED','CANCELLED','NOT_FOUND'])[1 + (h / 3) % 8], 1, NULL,
            jsonb_build_object('type', (ARRAY['UNI','EMPLOYMENT','PROF_LIC','HIGH_SCHOOL'])[1 + h % 4], 'instituteId', 'bench-uni-' || (h % 500),
                               'country', (ARRAY['${COUNTRIES.join("','")}'])[1 + (h / 7) % 22], 'submittedAt', day::timestamp)
       FROM (SELECT n, CASE WHEN (hashint4(n) & 1023) < 102 THEN 'acme' ELSE 'bench-co-' || ((hashint4(n * 7) & 2147483647) % 2000) END AS company,
                    (hashint4(n * 17) & 2147483647) AS h, (current_date - ((hashint4(n * 31) & 2147483647) % 1095))::date AS day
               FROM generate_series(1, $1::int) n) g`,
    [preload],
  );
  for (const [grain, trunc] of [['D', 'period'], ['W', `date_trunc('week', period)::date`], ['M', `date_trunc('month', period)::date`]]) {
    for (const scope of [`'*'`, 'scope']) {
      await pool.query(
        `INSERT INTO ${A} ("id", "kind", "companyId", "scope", "grain", "period", "dim", "key", "count")
         SELECT 'c|' || "companyId" || '|' || s || '|${grain}|' || p || '|result|' || key, 'COUNTER', "companyId", s, '${grain}', p, 'result', key, count(*)
           FROM (SELECT "companyId", ${scope} AS s, ${trunc} AS p, key FROM ${A} WHERE kind = 'VERIFICATION') x
          GROUP BY "companyId", s, p, key`,
      );
    }
    await pool.query(
      `INSERT INTO ${A} ("id", "kind", "companyId", "scope", "grain", "period", "dim", "key", "count")
       SELECT 'c|' || "companyId" || '|*|${grain}|' || p || '|volume|*', 'COUNTER', "companyId", '*', '${grain}', p, 'volume', '*', count(*)
         FROM (SELECT "companyId", ${trunc} AS p FROM ${A} WHERE kind = 'VERIFICATION') x
        GROUP BY "companyId", p`,
    );
  }
  for (const [dim, expr] of [['type', `fact->>'type'`], ['country', `fact->>'country'`]]) {
    await pool.query(
      `INSERT INTO ${A} ("id", "kind", "companyId", "scope", "grain", "period", "dim", "key", "count")
       SELECT 'c|' || "companyId" || '|*|M|' || p || '|${dim}|' || k, 'COUNTER', "companyId", '*', 'M', p, '${dim}', k, count(*)
         FROM (SELECT "companyId", date_trunc('month', period)::date AS p, ${expr} AS k FROM ${A} WHERE kind = 'VERIFICATION') x
        GROUP BY "companyId", p, k`,
    );
  }
  for (const sql of createTableSql(table)) await pool.query(sql);
  await pool.query(`VACUUM ANALYZE ${A}`);
}

// A runner pool made below; the bench database is dropped whatever happens.
let runnerPool;
try {
  log(`preloading the analytics table with ${preload} verifications...`);
  const t0 = performance.now();
  await preloadTable();
  const { rows: [sizes] } = await pool.query(`SELECT count(*)::int AS n, pg_size_pretty(pg_total_relation_size('${ANALYTICS_TABLE}')) AS size FROM ${A}`);
  log(`  ${sizes.n} rows, ${sizes.size} (${Math.round((performance.now() - t0) / 1000)} s)`);

  // Realistic events: the verification's company, requester, type and institute (with its country) are drawn once.
  const institutes = Array.from({ length: 500 }, (_, k) => ({
    id: `bench-uni-${k}`,
    name: `Bench University ${k}`,
    names: [`Bench University ${k}`],
    countryId: `C${k % COUNTRIES.length}`,
    countryName: COUNTRIES[k % COUNTRIES.length],
    parentId: null,
    type: 'UNI',
    allowsPending: true,
    maxAdditionalDocs: 5,
    listsDocuments: true,
  }));
  const hash = (n) => {
    let x = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
    x ^= x >>> 13;
    x = Math.imul(x, 0xc2b2ae35);
    return (x ^ (x >>> 16)) >>> 0;
  };
  function verification(v) {
    const h = hash(v);
    const companyId = h % 10 === 0 ? 'acme' : `bench-co-${h % 2000}`;
    return {
      id: `QL${String(v).padStart(10, '0')}`,
      companyId,
      requestedBy: `user${(h >>> 8) % 25}@${companyId}.test`,
      type: TYPES[(h >>> 4) % TYPES.length],
      institute: institutes[(h >>> 12) % institutes.length],
      outcome: OUTCOMES[(h >>> 20) % OUTCOMES.length],
    };
  }
  const price = { currency: 'GBP', net: 50, vat: 10, total: 60, credits: 0 };
  function stageEvent(v, stage) {
    const x = verification(v);
    const meta = { eventId: crypto.randomUUID(), correlationId: `bench-${v}`, causationId: `bench-${v}`, actor: x.requestedBy, tenantId: x.companyId, occurredAt: new Date().toISOString() };
    const ev = (type, data) => ({ type, schemaVersion: 1, data, metadata: meta });
    switch (stage) {
      case 0:
        return [`verification-${x.id}`, ev('VerificationDrafted', {
          person: { firstname: 'Jane', middlename: null, surname: `Doe${v}`, dob: '1995-04-12' }, fields: { gradYear: 2017 }, customerReference: `REF-${v}`,
          applicationId: null, accreditationRequested: false, subjects: [], supplierId: null, result: 'AWAITING_CONSENT', previousResult: null,
          verificationId: x.id, companyId: x.companyId, companyName: x.companyId, requestedBy: x.requestedBy, requestedByName: 'Bench User',
          individual: false, type: x.type, institute: x.institute,
        })];
      case 1:
        return [`verification-${x.id}`, ev('VerificationSubmitted', { result: 'UNPAID', previousResult: 'AWAITING_CONSENT', price })];
      case 2:
        return [`invoice-INV${v}`, ev('InvoiceIssued', {
          invoiceId: `INV${v}`, companyId: x.companyId, kind: 'order', billing: 'card', currency: 'GBP', individual: false,
          company: { name: x.companyId, vatId: null, addressStreet1: '1 Bench Street', addressStreet2: null, addressStreet3: null, addressCity: 'London',
            addressPostCode: 'EC1A 1AA', addressCountry: { id: 'GB', name: 'United Kingdom' } },
          items: [{ verificationId: x.id, name: x.institute.name, candidateName: `Jane Doe${v}`, instituteNames: x.institute.names, priceMinor: 5000,
            originalPriceMinor: null, surchargeMinor: 0, accreditationMinor: 0, totalMinor: 5000 }],
          vatRatePercent: 20, subtotalMinor: 5000, vatMinor: 1000, creditUsedMinor: 0, totalMinor: 6000,
        })];
      case 3:
        return [`verification-${x.id}`, ev('SentForManualCheck', { result: 'PENDING', previousResult: 'UNPAID', reason: 'NO_RECORDS', contact: 'INSTITUTE', resolveKeyHash: 'h' })];
      default:
        return [`verification-${x.id}`, ev('VerificationResolved', {
          result: x.outcome, previousResult: 'PENDING', notes: null, approvedByName: 'Irene', approvedByTitle: 'Registrar', approvalProcess: null,
          resolvedBy: 'INSTITUTE', resolverCompanyId: x.institute.id, resolverName: x.institute.name,
        })];
    }
  }
  /**
   * Slot i carries stage (i mod 5) of verification floor(i / 5) - stage x SPACING: each verification's events ~1 s
   * apart. Until the pipeline is full (the first second), the slots of later stages draft verifications of their own
   * (ids from 2,000,000,000 up) that go no further.
   */
  const slot = (i) => {
    const stage = i % STAGES;
    const v = Math.floor(i / STAGES) - stage * SPACING;
    return v >= 0 ? { v, stage } : { v: 2e9 + i, stage: 0 };
  };

  /**
   * Appends `rate` events/s for `secs` seconds, one per append, verification numbers from `offset` up; a stream's
   * events in order (each waits for the one before it, about a second earlier). onAppended(position, started, appended).
   */
  async function appendVerifications(secs, offset, onAppended) {
    const drafted = new Set();
    const resolved = new Map();
    const next = (i) => {
      const { v: n, stage } = slot(i);
      const v = offset + n;
      if (stage === 0) drafted.add(v);
      if (stage === 4) resolved.set(v, verification(v));
      return stageEvent(v, stage);
    };
    const run = await appendSteadily(store, { rate, seconds: secs, next, inStreamOrder: true, onAppended });
    return { ...run, drafted, resolved };
  }
  const cpu = () => ({ pg: postgresCpuMs(), node: processCpuMs(), load: loadavg()[0] });
  const perEvent = (from, to, n) => ({ pg: (to.pg - from.pg) / n, node: (to.node - from.node) / n });

  // Baseline: the same appends (other verifications) with no projection running: what appending alone costs.
  log(`baseline: appending ${rate} events/s for ${baselineSeconds} s with no projection...`);
  const b0 = cpu();
  const baseline = baselineSeconds > 0 ? await appendVerifications(baselineSeconds, 5e9) : null;
  const baseCpu = baseline && perEvent(b0, cpu(), baseline.total);

  // The runners as the API makes them (ProjectionsService: default options, one connection each), starting at the
  // head: only the measured run's events are their work.
  const head = await store.headPosition();
  const definitions = [analyticsDefinition, ...(withList ? [verificationListDefinition] : [])];
  for (const { projection } of definitions) await checkpointAt(pool, projection, head);
  runnerPool = new pg.Pool({ connectionString: db.url, max: 3 });
  runnerPool.on('error', () => undefined);
  const onError = (e) => log(`  projection error: ${e.message}`);
  const [runner, list] = definitions.map((d) => new ProjectionRunner(runnerPool, store, d, { onError }));
  const unsubscribe = store.onAppended?.(() => {
    runner.wake();
    list?.wake();
  });
  runner.start();
  list?.start();
  await runner.waitFor(head, 60000);

  const { latencies, afterAppend, appended: track } = trackProjectionLag(runner);

  log(`appending ${rate} events/s for ${seconds} s...`);
  const c0 = cpu();
  const run = await appendVerifications(seconds, 0, (position, started, appended) => {
    track(position, started, appended);
    runner.wake();
  });
  // Until the last append is in the read model (the store's head can trail it while other transactions are open).
  await runner.waitFor(run.last, 120000);
  const c1 = cpu();
  const runCpu = perEvent(c0, c1, run.total);
  unsubscribe?.();
  await runner.stop();
  await list?.stop();
  const expected = run;
  const { total, elapsed, maxInFlight, appendLatencies } = run;

  // The read model must say what was appended: one fact row per drafted verification, and today's counters of the
  // resolved ones (every resolved verification was drafted today, so it sits in today's counters under its outcome).
  const { rows: [facts] } = await pool.query(`SELECT count(*)::int AS n FROM ${A} WHERE kind = 'VERIFICATION' AND id LIKE 'v|QL%'`);
  const today = new Date().toISOString().slice(0, 10);
  const resolvedAcme = [...expected.resolved.values()].filter((x) => x.companyId === 'acme');
  const want = Object.fromEntries(['VERIFIED', 'NOT_VERIFIED', 'REJECTED'].map((r) => [r, resolvedAcme.filter((x) => x.outcome === r).length]));
  const { rows } = await pool.query(
    `SELECT key, count::int AS n FROM ${A} WHERE kind = 'COUNTER' AND "companyId" = 'acme' AND scope = '*' AND grain = 'D' AND dim = 'result' AND period = $1`,
    [today],
  );
  const got = Object.fromEntries(rows.map((r) => [r.key, r.n]));
  if (facts.n !== expected.drafted.size) {
    // Which drafts are missing, and whether the log has them (a lost append) or the projection skipped them.
    const { rows: have } = await pool.query(`SELECT substr(id, 5)::bigint AS v FROM ${A} WHERE kind = 'VERIFICATION' AND id LIKE 'v|QL%'`);
    const seen = new Set(have.map((r) => Number(r.v)));
    const missing = [...expected.drafted].filter((v) => !seen.has(v));
    const sample = await Promise.all(
      missing.slice(0, 5).map(async (v) => {
        const events = await store.readStream(`verification-QL${String(v).padStart(10, '0')}`);
        return `${v}: ${events.map((e) => `${e.type}@${e.position?.commit ?? '?'}`).join(', ') || 'no events'}`;
      }),
    );
    throw new Error(`analytics fact rows ${facts.n}, drafted ${expected.drafted.size}; missing e.g. ${sample.join('; ')}`);
  }
  for (const [r, n] of Object.entries(want)) {
    // Runs across midnight UTC split the day; then only check that nothing was lost.
    if (new Date().toISOString().slice(0, 10) === today && (got[r] ?? 0) < n) throw new Error(`acme ${r} today: ${got[r] ?? 0} in the read model, ${n} resolved`);
  }
  log(`read model checked: ${facts.n} verifications' rows; Acme today ${JSON.stringify(got)} (resolved in this run ${JSON.stringify(want)})`);

  for (const l of [latencies, afterAppend, appendLatencies]) l.sort((a, b) => a - b);
  const params = {
    rate, seconds, achievedRate: Math.round(total / elapsed), maxInFlight, preload, withVerificationList: withList,
    eventsPerVerification: STAGES, loadAverage1m: Math.round(((c0.load + c1.load) / 2) * 10) / 10,
  };
  figure('analytics.projection-lag.p50', params, percentile(latencies, 50), 'ms');
  figure('analytics.projection-lag.p99', params, percentile(latencies, 99), 'ms');
  figure('analytics.projection-lag.max', params, latencies[latencies.length - 1], 'ms');
  // What the lag is made of: the append itself (waiting for a connection included), then the projection's share
  // (from the append's answer to the read model reflecting it).
  figure('analytics.projection-lag.append.p50', params, percentile(appendLatencies, 50), 'ms');
  figure('analytics.projection-lag.append.p99', params, percentile(appendLatencies, 99), 'ms');
  figure('analytics.projection-lag.after-append.p50', params, percentile(afterAppend, 50), 'ms');
  figure('analytics.projection-lag.after-append.p99', params, percentile(afterAppend, 99), 'ms');
  // Load-independent: CPU per appended event, of PostgreSQL (appends and both projections) and of this process
  // (appender and runners).
  // Load-independent: CPU per appended event of PostgreSQL and of this node process (appender and runners), and the
  // projections' share: less the baseline's appends with no projection.
  figure('analytics.projection-lag.db-cpu-per-event', params, runCpu.pg, 'ms', baseCpu?.pg);
  figure('analytics.projection-lag.node-cpu-per-event', params, runCpu.node, 'ms', baseCpu?.node);
  if (baseCpu) {
    log(
      `CPU per event: PostgreSQL ${runCpu.pg.toFixed(3)} ms (appends alone ${baseCpu.pg.toFixed(3)}), node ${runCpu.node.toFixed(3)} ms (appends alone ${baseCpu.node.toFixed(3)})`,
    );
    figure('analytics.projection-lag.projection-cpu-per-event', params, runCpu.pg - baseCpu.pg + runCpu.node - baseCpu.node, 'ms');
  }
} finally {
  await store.close().catch(() => undefined);
  await runnerPool?.end().catch(() => undefined);
  await pool.end().catch(() => undefined);
  await db.drop();
}
