// The analytics calls (issue 23, access 7.4) under load: 1,000,000 verifications across 2,000 companies (10 % of them
// one large company's, Acme's), generated into the verification list and into the analytics read model as its
// projection leaves them (a row per verification and the day/week/month counters), then 20 concurrent HTTP clients
// asking the compiled API for Acme's overview, volume, verifications and countries; next to, in the same run and
// through the same app, a naive route that answers the same from a GROUP BY over the raw verification list.
// Every call's answer is checked to equal the naive one before timing.
//   npm run bench -- analytics
// A second baseline, http-floor, is a trivial authenticated route through the same guards (the HTTP stack's floor).
// BENCH_EXPLAIN=1 prints, for each call, EXPLAIN (ANALYZE, BUFFERS) of every SQL statement one request of ours and of
// the naive route issues (execution ms, rows, buffers).
// The load: autocannon in a child process, 20 connections (BENCH_CLIENT=fetch: fetch() in BENCH_WORKERS worker
// threads of this process, as before; on 2 cores fetch's client CPU per request was a large share of the machine,
// taken from the server under test). Both sides get the same client. CPU per request, robust to other load on the
// machine: the app's main thread (cpu-per-request), the embedded PostgreSQL (db-cpu-per-request, every postgres
// process below this one), their sum with the app's other threads (server-cpu-per-request), and the client's.
//   BENCH_SECONDS (default 8), BENCH_CLIENTS (20), BENCH_ROWS (1000000), BENCH_DB_POOL (30), BENCH_EXPLAIN (0; 'only':
//   the plans and the answers' check, no load),
//   BENCH_CLIENT (autocannon | fetch), BENCH_WORKERS (2, fetch only), BENCH_CALLS (comma-separated names or prefixes of
//   the calls to run, e.g. overview,volume.DAILY; all by default; the HTTP floor always runs)
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { api, autocannonInChild, benchToken, figure, log, percentile, postgresCpuMs, root, startBenchApp } from './lib.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const clients = Number(process.env.BENCH_CLIENTS ?? 20);
const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const dbPool = Number(process.env.BENCH_DB_POOL ?? 30);
const workers = Number(process.env.BENCH_WORKERS ?? 2);
const explain = ['1', 'only'].includes(process.env.BENCH_EXPLAIN);
const client = process.env.BENCH_CLIENT ?? 'autocannon';
const only = process.env.BENCH_CALLS ? process.env.BENCH_CALLS.split(',') : null;
const ACME_SHARE = 0.1;

const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { url, body, headers, clients, ms } = workerData;
const cpuMs = () => { const f = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
(async () => {
  const latencies = [];
  let errors = 0;
  let lastError = null;
  const cpu0 = cpuMs();
  const end = performance.now() + ms;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const res = await fetch(url, { method: 'POST', headers, body });
      const text = await res.text();
      if (res.ok) latencies.push(performance.now() - t0);
      else { errors++; lastError = res.status + ' ' + text.slice(0, 200); }
    }
  }));
  parentPort.postMessage({ latencies, errors, lastError, cpuMs: cpuMs() - cpu0 });
})();
`;

/** autocannon in a child process: every 2xx answer's latency (ms), the errors, and the child's own CPU. */

const processCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** CPU time (user + system, ms) of this process's main thread, where the app runs; Linux, else 0. */
function mainThreadCpuMs() {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

const requireFromRoot = createRequire(path.join(root, 'package.json'));
const { Body, Controller, HttpCode, Inject, Module, Param, Post, Query } = requireFromRoot('@nestjs/common');

const { PG_POOL } = api('infrastructure/database/database.tokens');
const { EVENT_STORE } = api('infrastructure/event-store/event-store.port');
const { ProjectionsService } = api('infrastructure/projections/projections.service');
const { createTableSql, indexName } = api('infrastructure/projections/projection-sql');
const { verificationListDefinition, VERIFICATION_LIST_TABLE } = api('modules/verifications/projections/verification-tables');
const { analyticsDefinition, ANALYTICS_TABLE } = api('modules/insights/projections/analytics.table');
const { RANGES } = api('modules/insights/queries/analytics-reads');
const { lastPeriods, dayOf } = requireFromRoot('@credence/read-models');

const L = `"${VERIFICATION_LIST_TABLE}"`;
const A = `"${ANALYTICS_TABLE}"`;
const COUNTED = `"result" NOT IN ('AWAITING_CONSENT', 'DELETED')`;
const TRUNC = { D: `("recorded" AT TIME ZONE 'UTC')::date`, W: `date_trunc('week', "recorded" AT TIME ZONE 'UTC')::date`, M: `date_trunc('month', "recorded" AT TIME ZONE 'UTC')::date` };
const SERIES = {
  cancelledCount: ['CANCELLED'],
  notVerifiedCount: ['NOT_VERIFIED'],
  pendingCount: ['PENDING', 'UNABLE'],
  actionRequiredCount: ['NOT_FOUND', 'REJECTED'],
  verifiedCount: ['VERIFIED'],
};

/** POST /v1/bench/naive-analytics/:call: the baseline, the same answers from a GROUP BY over the raw list on every request. */
class NaiveAnalyticsController {
  constructor(pool) {
    this.pool = pool;
  }
  async grouped(grain, count) {
    const periods = lastPeriods(grain, dayOf(new Date().toISOString()), count);
    const { rows } = await this.pool.query(
      `SELECT ${TRUNC[grain]}::text AS period, "result", count(*)::int AS n FROM ${L}
        WHERE "companyId" = $1 AND ${COUNTED} AND "recorded" >= ($2::date::timestamp AT TIME ZONE 'UTC') GROUP BY 1, 2`,
      ['acme', periods[0]],
    );
    return { periods, rows };
  }
  async answer(call, range, limit, months) {
    if (call === 'floor') return {};
    if (call === 'overview') {
      const pair = async (grain) => {
        const { periods, rows } = await this.grouped(grain, 2);
        const n = (p) => rows.filter((r) => r.period === p).reduce((s, r) => s + r.n, 0);
        return { first: n(periods[1]), second: n(periods[0]) };
      };
      const [day, week, month] = await Promise.all([pair('D'), pair('W'), pair('M')]);
      return { day, week, month };
    }
    if (call === 'countries') {
      const from = lastPeriods('M', dayOf(new Date().toISOString()), Number(months))[0];
      const { rows } = await this.pool.query(
        `SELECT "instituteCountry" AS "countryName", count(*)::int AS counter FROM ${L}
          WHERE "companyId" = $1 AND ${COUNTED} AND "instituteCountry" IS NOT NULL AND "recorded" >= ($2::date::timestamp AT TIME ZONE 'UTC')
          GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT $3`,
        ['acme', from, Number(limit)],
      );
      return rows;
    }
    const { grain, count } = RANGES[range];
    const { periods, rows } = await this.grouped(grain, count);
    if (call === 'volume') {
      return { range, currentPeriod: periods.map((date) => ({ date, count: rows.filter((r) => r.period === date).reduce((s, r) => s + r.n, 0) })) };
    }
    return {
      range,
      rows: periods.map((date) => {
        const row = { date };
        for (const [k, results] of Object.entries(SERIES)) row[k] = rows.filter((r) => r.period === date && results.includes(r.result)).reduce((s, r) => s + r.n, 0);
        return row;
      }),
    };
  }
}
Inject(PG_POOL)(NaiveAnalyticsController, undefined, 0);
Param('call')(NaiveAnalyticsController.prototype, 'answer', 0);
Body('range')(NaiveAnalyticsController.prototype, 'answer', 1);
Query('limit')(NaiveAnalyticsController.prototype, 'answer', 2);
Query('months')(NaiveAnalyticsController.prototype, 'answer', 3);
const answerDescriptor = Object.getOwnPropertyDescriptor(NaiveAnalyticsController.prototype, 'answer');
HttpCode(200)(NaiveAnalyticsController.prototype, 'answer', answerDescriptor);
Post('naive-analytics/:call')(NaiveAnalyticsController.prototype, 'answer', answerDescriptor);
Controller('bench')(NaiveAnalyticsController);
class NaiveAnalyticsModule {}
Module({ controllers: [NaiveAnalyticsController] })(NaiveAnalyticsModule);

/** 1,000,000 verifications into the list (the naive route's source), then the analytics rows the projection would have written for them. */
async function generate(pool) {
  const list = verificationListDefinition.table;
  for (let i = 0; i < (list.indexes ?? []).length; i++) await pool.query(`DROP INDEX IF EXISTS "${indexName(list.name, i)}"`);
  const chunk = 100_000;
  for (let from = 1; from <= rows; from += chunk) {
    const to = Math.min(rows, from + chunk - 1);
    await pool.query(
      `WITH g AS (
         SELECT n,
                CASE WHEN (hashint4(n) & 1023) < ${Math.round(ACME_SHARE * 1024)} THEN 'acme' ELSE 'bench-co-' || ((hashint4(n * 7) & 2147483647) % 2000) END AS company,
                (hashint4(n * 13) & 2147483647) % 100 AS r,
                (hashint4(n * 17) & 2147483647) AS h
         FROM generate_series($1::int, $2::int) n
       ), v AS (
         SELECT g.*,
                CASE WHEN r < 55 THEN 'VERIFIED' WHEN r < 70 THEN 'PENDING' WHEN r < 78 THEN 'NOT_FOUND' WHEN r < 82 THEN 'REJECTED'
                     WHEN r < 87 THEN 'NOT_VERIFIED' WHEN r < 90 THEN 'UNPAID' WHEN r < 95 THEN 'AWAITING_CONSENT' WHEN r < 98 THEN 'CANCELLED'
                     WHEN r < 99 THEN 'UNABLE' ELSE 'DELETED' END AS result,
                (ARRAY['United Kingdom','Ireland','France','Germany','Spain','Italy','India','Nigeria','Ghana','Kenya','China','Japan',
                       'Australia','Canada','United States','Brazil','Mexico','Poland','Romania','Pakistan','Philippines','South Africa'])[1 + (h / 7) % 22] AS country,
                date_trunc('milliseconds', now() - ((hashint4(n * 31) & 2147483647) % (3 * 365 * 86400)) * interval '1 second') AS recorded
         FROM g
       )
       INSERT INTO ${L} ("id", "companyId", "companyName", "requestedBy", "requestedByName", "individual", "type", "instituteId", "instituteName",
                         "instituteNames", "instituteCountry", "firstname", "surname", "dob", "result", "stage", "awaitingResolver", "retriesLeft",
                         "recorded", "updated", "search")
       SELECT 'QB' || lpad(n::text, 10, '0'), company, company, 'user' || (h % 25) || '@' || company || '.test', 'User ' || (h % 25), false,
              (ARRAY['UNI','EMPLOYMENT','PROF_LIC','HIGH_SCHOOL'])[1 + h % 4], 'bench-uni-' || (h % 500), 'Bench University ' || (h % 500),
              jsonb_build_array('Bench University ' || (h % 500)), country, 'Ann', 'Bench', '1990-01-01', result, 'CLOSED',
              result IN ('PENDING', 'UNABLE'), 0, recorded, recorded, 'ann bench'
       FROM v`,
      [from, to],
    );
    log(`  ${to} verifications`);
  }
  for (const sql of createTableSql(list)) await pool.query(sql);

  // The analytics read model: one row per verification, then the counters (company-wide and per requester, by day,
  // week and month, by result, and company-wide in all; by type and country per month), as analytics.projection.ts keys them, added to the
  // counters the projection already keeps for the demo data.
  const table = analyticsDefinition.table;
  for (let i = 0; i < (table.indexes ?? []).length; i++) await pool.query(`DROP INDEX IF EXISTS "${indexName(table.name, i)}"`);
  log('writing the analytics rows...');
  await pool.query(
    `INSERT INTO ${A} ("id", "kind", "companyId", "scope", "grain", "period", "dim", "key", "count", "applicationId", "fact")
     SELECT 'v|' || "id", 'VERIFICATION', "companyId", "requestedBy", NULL, ("recorded" AT TIME ZONE 'UTC')::date, 'verification', "result", 1, NULL,
            jsonb_build_object('type', "type", 'instituteId', "instituteId", 'country', "instituteCountry", 'submittedAt', "recorded")
       FROM ${L} WHERE "id" LIKE 'QB%'`,
  );
  for (const [grain, period] of Object.entries(TRUNC)) {
    for (const scope of [`'*'`, `"requestedBy"`]) {
      await pool.query(
        `INSERT INTO ${A} ("id", "kind", "companyId", "scope", "grain", "period", "dim", "key", "count")
         SELECT 'c|' || "companyId" || '|' || s || '|${grain}|' || p || '|result|' || "result", 'COUNTER', "companyId", s, '${grain}', p, 'result', "result", count(*)
           FROM (SELECT "companyId", ${scope} AS s, ${period} AS p, "result" FROM ${L} WHERE "id" LIKE 'QB%' AND ${COUNTED}) x
          GROUP BY "companyId", s, p, "result"
         ON CONFLICT ("id") DO UPDATE SET "count" = ${A}."count" + EXCLUDED."count"`,
      );
    }
    // The volume rows (company-wide): the same verifications whatever their result, one row per period.
    await pool.query(
      `INSERT INTO ${A} ("id", "kind", "companyId", "scope", "grain", "period", "dim", "key", "count")
       SELECT 'c|' || "companyId" || '|*|${grain}|' || p || '|volume|*', 'COUNTER', "companyId", '*', '${grain}', p, 'volume', '*', count(*)
         FROM (SELECT "companyId", ${period} AS p FROM ${L} WHERE "id" LIKE 'QB%' AND ${COUNTED}) x
        GROUP BY "companyId", p
       ON CONFLICT ("id") DO UPDATE SET "count" = ${A}."count" + EXCLUDED."count"`,
    );
    log(`  ${grain} counters`);
  }
  for (const [dim, column] of [['type', '"type"'], ['country', '"instituteCountry"']]) {
    await pool.query(
      `INSERT INTO ${A} ("id", "kind", "companyId", "scope", "grain", "period", "dim", "key", "count")
       SELECT 'c|' || "companyId" || '|*|M|' || p || '|${dim}|' || k, 'COUNTER', "companyId", '*', 'M', p, '${dim}', k, count(*)
         FROM (SELECT "companyId", ${TRUNC.M} AS p, ${column} AS k FROM ${L} WHERE "id" LIKE 'QB%' AND ${COUNTED} AND ${column} IS NOT NULL) x
        GROUP BY "companyId", p, k
       ON CONFLICT ("id") DO UPDATE SET "count" = ${A}."count" + EXCLUDED."count"`,
    );
  }
  log('building the indexes...');
  for (const sql of createTableSql(table)) await pool.query(sql);
  await pool.query(`VACUUM ANALYZE ${L}`);
  await pool.query(`VACUUM ANALYZE ${A}`);
}

const { app, base, pool, stop } = await startBenchApp('analytics', { dbPool, extraModules: [NaiveAnalyticsModule] });

try {
  const head = await app.get(EVENT_STORE).headPosition();
  for (const name of ['verification-list', 'analytics']) await app.get(ProjectionsService).waitFor(name, head, 60000);
  log(`generating ${rows} verifications...`);
  const started = performance.now();
  await generate(pool);
  const facts = (
    await pool.query(
      `SELECT (SELECT count(*) FROM ${L})::int AS total, (SELECT count(*) FROM ${L} WHERE "companyId" = 'acme')::int AS acme,
              (SELECT count(*) FROM ${A})::int AS "analyticsRows", pg_size_pretty(pg_total_relation_size('${ANALYTICS_TABLE}')) AS size`,
    )
  ).rows[0];
  log(`${facts.total} verifications (${facts.acme} Acme's); analytics read model ${facts.analyticsRows} rows, ${facts.size} (${Math.round((performance.now() - started) / 1000)} s)`);

  const token = benchToken(app, {
    sub: 'alice@acme.test',
    authorities: [{ authority: 'ROLE_USER' }, { authority: 'ROLE_ADMIN' }],
    hasAnalyticsAccess: true,
  });
  const headers = { 'X-AUTH-TOKEN': token, 'Content-Type': 'application/json' };
  const calls = [
    ['overview', '/analytics/overview', {}],
    ['volume.MONTHLY12', '/analytics/volume', { range: 'MONTHLY12' }],
    ['volume.WEEKLY', '/analytics/volume', { range: 'WEEKLY' }],
    ['volume.DAILY', '/analytics/volume', { range: 'DAILY' }],
    ['verifications.MONTHLY24', '/analytics/verifications', { range: 'MONTHLY24' }],
    ['countries.top5', '/analytics/countries?limit=5&months=12', {}],
  ].filter(([name]) => !only || only.some((o) => name.startsWith(o)));
  const naiveUrl = (p) => `${base}/v1/bench/naive-analytics/${p.replace('/analytics/', '')}`;
  const post = async (u, body) => (await fetch(u, { method: 'POST', headers, body: JSON.stringify(body) })).json();

  if (explain) {
    // Every statement one request issues, EXPLAINed on the bench's data (load-independent: execution time, rows, buffers).
    // A named (prepared) statement runs on a generic plan once it has run a few times: it is EXPLAINed with one.
    const query = pool.query.bind(pool);
    let captured = null;
    pool.query = (...args) => {
      // A statement as text and values, or as a config object (a named, prepared statement).
      if (captured) captured.push(typeof args[0] === 'string' ? [args[0], args[1] ?? [], false] : [args[0].text, args[0].values ?? args[1] ?? [], !!args[0].name]);
      return query(...args);
    };
    const explainOn = async (text, values, generic) => {
      const c = await pool.connect();
      try {
        await c.query(`SET plan_cache_mode = ${generic ? 'force_generic_plan' : 'auto'}`);
        return (await c.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values)).rows;
      } finally {
        await c.query('RESET plan_cache_mode').catch(() => undefined);
        c.release();
      }
    };
    for (const [name, p, body] of calls) {
      for (const [side, u] of [['ours', `${base}/v1${p}`], ['naive', naiveUrl(p)]]) {
        captured = [];
        await post(u, body);
        const statements = captured.filter(([text]) => /\bFROM\b/i.test(text));
        log(`  explain ${name} ${side}: ${captured.length} statement(s) per request`);
        captured = null;
        for (const [text, values, generic] of statements) {
          const [{ 'QUERY PLAN': [plan] }] = await explainOn(text, values, generic);
          const top = plan.Plan;
          const leaves = [];
          const walk = (n) => (n.Plans?.length ? n.Plans.forEach(walk) : leaves.push(n));
          walk(top);
          const read = leaves.map((n) => `${n['Node Type']}${n['Index Name'] ? ' ' + n['Index Name'] : ''} ${n['Actual Rows'] * (n['Actual Loops'] ?? 1)} rows`).join(', ');
          log(`  explain ${name} ${side}${generic ? ' (prepared, generic plan)' : ''}: planning ${plan['Planning Time'].toFixed(2)} ms, execution ${plan['Execution Time'].toFixed(2)} ms, ${top['Shared Hit Blocks'] + top['Shared Read Blocks']} buffers; ${read}`);
        }
      }
    }
  }

  // The same answers both ways, or the timing means nothing.
  for (const [name, p, body] of calls) {
    const [ours, naive] = await Promise.all(
      [`${base}/v1${p}`, naiveUrl(p)].map(async (u) => (await fetch(u, { method: 'POST', headers, body: JSON.stringify(body) })).json()),
    );
    if (JSON.stringify(ours) !== JSON.stringify(naive)) throw new Error(`${name} differs:\n ${JSON.stringify(ours).slice(0, 400)}\n ${JSON.stringify(naive).slice(0, 400)}`);
  }
  log('every call answers the same as the GROUP BY over the list');
  // BENCH_EXPLAIN=only: the plans and the check, no load.
  if (process.env.BENCH_EXPLAIN !== 'only') {

    function fetchLoad(url, body, ms) {
      const perWorker = Array.from({ length: workers }, (_, w) => Math.floor(clients / workers) + (w < clients % workers ? 1 : 0)).filter((n) => n > 0);
      return Promise.all(
        perWorker.map(
          (n) =>
            new Promise((resolve, reject) => {
              const worker = new Worker(LOAD_WORKER, { eval: true, workerData: { url, body: JSON.stringify(body), headers, clients: n, ms } });
              worker.once('message', resolve);
              worker.once('error', reject);
            }),
        ),
      );
    }

    async function autocannonLoad(url, body, ms) {
      const opts = { url, method: 'POST', headers, body: JSON.stringify(body), connections: clients, duration: ms / 1000 };
      return [await autocannonInChild(opts)];
    }

    async function load(url, body, ms) {
      const cpu0 = { main: mainThreadCpuMs(), proc: processCpuMs(), db: postgresCpuMs(), load: loadavg()[0] };
      const results = await (client === 'fetch' ? fetchLoad(url, body, ms) : autocannonLoad(url, body, ms));
      const cpu1 = { main: mainThreadCpuMs(), proc: processCpuMs(), db: postgresCpuMs(), load: loadavg()[0] };
      const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
      const errors = results.reduce((sum, r) => sum + r.errors, 0);
      if (errors) log(`  ${errors} errors, e.g. ${results.find((r) => r.lastError)?.lastError}`);
      const n = Math.max(1, latencies.length);
      const clientMs = results.reduce((sum, r) => sum + r.cpuMs, 0);
      return {
        latencies,
        rate: latencies.length / (ms / 1000),
        // The app's main thread (Nest, guards, pg client, JSON): CPU time per answered request.
        busyMs: (cpu1.main - cpu0.main) / n,
        // PostgreSQL's CPU per request, and the server's in all: this process (less the fetch workers) and PostgreSQL.
        dbMs: (cpu1.db - cpu0.db) / n,
        serverMs: (cpu1.proc - cpu0.proc - (client === 'fetch' ? clientMs : 0) + (cpu1.db - cpu0.db)) / n,
        clientMs: clientMs / n,
        load: (cpu0.load + cpu1.load) / 2,
      };
    }

    const base0 = { rows: facts.total, tenantRows: facts.acme, companies: 2000, clients, seconds, dbPool, client };
    const paramsOf = (...runs) => ({ ...base0, loadAverage1m: Math.round((runs.reduce((s, r) => s + r.load, 0) / runs.length) * 10) / 10 });
    const ms = (v) => v.toFixed(2);
    // The HTTP stack's floor: a trivial authenticated route (same guards, body parsing and JSON), no SQL.
    await load(naiveUrl('floor'), {}, 1000);
    const floor = await load(naiveUrl('floor'), {}, seconds * 1000);
    log(
      `http-floor (trivial authenticated route): p50 ${ms(percentile(floor.latencies, 50))} ms, p99 ${ms(percentile(floor.latencies, 99))} ms, ` +
        `${floor.rate.toFixed(0)} req/s; CPU per request: main thread ${ms(floor.busyMs)} ms, server ${ms(floor.serverMs)} ms, client ${ms(floor.clientMs)} ms (load ${floor.load.toFixed(1)})`,
    );
    const params0 = paramsOf(floor);
    figure('analytics.http-floor.p50', params0, percentile(floor.latencies, 50), 'ms');
    figure('analytics.http-floor.p99', params0, percentile(floor.latencies, 99), 'ms');
    figure('analytics.http-floor.cpu-per-request', params0, floor.busyMs, 'ms');
    figure('analytics.http-floor.server-cpu-per-request', params0, floor.serverMs, 'ms');
    figure('analytics.http-floor.client-cpu-per-request', params0, floor.clientMs, 'ms');
    for (const [name, p, body] of calls) {
      await load(`${base}/v1${p}`, body, 1000);
      const ours = await load(`${base}/v1${p}`, body, seconds * 1000);
      await load(naiveUrl(p), body, 1000);
      const naive = await load(naiveUrl(p), body, seconds * 1000);
      const q = (m, n) => percentile(m.latencies, n);
      const side = (m) =>
        `p50 ${ms(q(m, 50))} ms, p99 ${ms(q(m, 99))} ms, ${m.rate.toFixed(0)} req/s, CPU/req main ${ms(m.busyMs)} db ${ms(m.dbMs)} server ${ms(m.serverMs)} client ${ms(m.clientMs)} ms (load ${m.load.toFixed(1)})`;
      log(`${name}: ${side(ours)} | naive ${side(naive)} | floor p50 ${ms(q(floor, 50))} ms`);
      const params = paramsOf(ours, naive);
      // ratio = ours / naive: below 1 is faster (latency); throughput above 1 is better.
      figure(`analytics.${name}.p50`, params, q(ours, 50), 'ms', q(naive, 50));
      figure(`analytics.${name}.p99`, params, q(ours, 99), 'ms', q(naive, 99));
      figure(`analytics.${name}.throughput`, params, ours.rate, 'req/s', naive.rate);
      // CPU per request, next to the naive route's: the app's main thread, PostgreSQL, and the server in all.
      figure(`analytics.${name}.cpu-per-request`, params, ours.busyMs, 'ms', naive.busyMs);
      figure(`analytics.${name}.db-cpu-per-request`, params, ours.dbMs, 'ms', naive.dbMs);
      figure(`analytics.${name}.server-cpu-per-request`, params, ours.serverMs, 'ms', naive.serverMs);
      // The second baseline: ours against the trivial authenticated route (1 = the HTTP stack is all that is left).
      figure(`analytics.${name}.p50-vs-http-floor`, params, q(ours, 50), 'ms', q(floor, 50));
      figure(`analytics.${name}.server-cpu-vs-http-floor`, params, ours.serverMs, 'ms', floor.serverMs);
    }
  }
} finally {
  await stop();
}
