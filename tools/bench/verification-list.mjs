// GET /verification (the history list) under load: 1,000,000 verifications in the list read model (400,000 of them
// Acme's, the rest spread over 2,000 companies), generated straight into the read-model tables, then 100 concurrent
// HTTP clients asking the compiled API for Acme's first page, a deep page by page number (bounded offset, deferred
// join) and the same deep page by keyset cursor; next to, in the same run and through the same app, a naive route
// that answers the page with a plain OFFSET and counts the total with count(*) on every request.
//   npm run bench -- verification-list
//   BENCH_SECONDS (default 10), BENCH_CLIENTS (100), BENCH_ROWS (1000000), BENCH_DB_POOL (30), BENCH_DEEP_PAGE (4000)
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { api, benchToken, figure, log, percentile, root, startBenchApp } from './lib.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const clients = Number(process.env.BENCH_CLIENTS ?? 100);
const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
// Each projection runner keeps one connection of the API's pool checked out (8 at the time of writing), so the
// default of 10 leaves requests two: the bench gives the pool room, as a deployment under this load would.
const dbPool = Number(process.env.BENCH_DB_POOL ?? 30);
const workers = Number(process.env.BENCH_WORKERS ?? 2);
const size = 20;
const deepPage = Number(process.env.BENCH_DEEP_PAGE ?? 4000);
const ACME_SHARE = 0.4;

const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { urls, headers, clients, offset, ms } = workerData;
(async () => {
  const latencies = [];
  let errors = 0;
  let lastError = null;
  const end = performance.now() + ms;
  await Promise.all(Array.from({ length: clients }, async (_, c) => {
    for (let n = offset + c; performance.now() < end; n += clients) {
      const t0 = performance.now();
      const res = await fetch(urls[n % urls.length], { headers });
      const body = await res.text();
      if (res.ok) latencies.push(performance.now() - t0);
      else { errors++; lastError = res.status + ' ' + body.slice(0, 200); }
    }
  }));
  parentPort.postMessage({ latencies, errors, lastError });
})();
`;

const requireFromRoot = createRequire(path.join(root, 'package.json'));
const { Controller, Get, Inject, Module, Query } = requireFromRoot('@nestjs/common');

const { PG_POOL } = api('infrastructure/database/database.tokens');
const { EVENT_STORE } = api('infrastructure/event-store/event-store.port');
const { ProjectionsService } = api('infrastructure/projections/projections.service');
const { createTableSql, indexName } = api('infrastructure/projections/projection-sql');
const { verificationListDefinition, VERIFICATION_LIST_TABLE, VERIFICATION_COUNTS_TABLE } = api(
  'modules/verifications/projections/verification-tables',
);
const { encodeCursor } = api('modules/verifications/queries/verification-list.query');

const T = `"${VERIFICATION_LIST_TABLE}"`;

/** GET /v1/bench/naive-verifications?page=&size=: the baseline, a plain OFFSET and an exact count(*) each time. */
class NaiveListController {
  constructor(pool) {
    this.pool = pool;
  }
  async naive(page, size) {
    const [list, total] = await Promise.all([
      this.pool.query(
        `SELECT * FROM ${T} WHERE "companyId" = $1 AND "result" <> 'DELETED' ORDER BY "recorded" DESC, "id" DESC LIMIT $2 OFFSET $3`,
        ['acme', Number(size), Number(page) * Number(size)],
      ),
      this.pool.query(`SELECT count(*)::int AS n FROM ${T} WHERE "companyId" = $1 AND "result" <> 'DELETED'`, ['acme']),
    ]);
    return { content: list.rows, totalSize: total.rows[0].n };
  }
}
Inject(PG_POOL)(NaiveListController, undefined, 0);
Query('page')(NaiveListController.prototype, 'naive', 0);
Query('size')(NaiveListController.prototype, 'naive', 1);
Get('naive-verifications')(NaiveListController.prototype, 'naive', Object.getOwnPropertyDescriptor(NaiveListController.prototype, 'naive'));
Controller('bench')(NaiveListController);
class NaiveListModule {}
Module({ controllers: [NaiveListController] })(NaiveListModule);

/** 1,000,000 plausible rows, deterministic, straight into the list read model (and its counts), in chunks. */
async function generate(pool) {
  const table = verificationListDefinition.table;
  // Load without the indexes, then build them once: far quicker than maintaining 14 indexes row by row.
  for (let i = 0; i < (table.indexes ?? []).length; i++) await pool.query(`DROP INDEX IF EXISTS "${indexName(table.name, i)}"`);
  await pool.query(`DROP INDEX IF EXISTS "${table.name}_search_trgm"`);
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
                (ARRAY['Oliver','Amelia','George','Isla','Harry','Ava','Jack','Mia','Noah','Sophia','Priya','Kwame','Siobhan','Mateusz','Zara','Ahmed','Chloe','Daniel','Fatima','Hannah'])[1 + h % 20] AS first,
                (ARRAY['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Patel','Robinson','Wright','Thompson','Evans','Walker','Khan','Singh','Murphy','Nguyen','Okafor','Mensah'])[1 + (h / 20) % 20] AS last,
                CASE WHEN r < 55 THEN 'VERIFIED' WHEN r < 70 THEN 'PENDING' WHEN r < 78 THEN 'NOT_FOUND' WHEN r < 82 THEN 'REJECTED'
                     WHEN r < 87 THEN 'NOT_VERIFIED' WHEN r < 90 THEN 'UNPAID' WHEN r < 95 THEN 'AWAITING_CONSENT' WHEN r < 98 THEN 'CANCELLED'
                     WHEN r < 99 THEN 'UNABLE' ELSE 'DELETED' END AS result,
                date_trunc('milliseconds', timestamptz '2026-11-20 00:00:00+00' - ((hashint4(n * 31) & 2147483647) % (3 * 365 * 86400)) * interval '1 second'
                  - ((hashint4(n * 37) & 2147483647) % 1000) * interval '1 millisecond') AS recorded
         FROM g
       )
       INSERT INTO ${T} ("id", "companyId", "companyName", "requestedBy", "requestedByName", "individual", "type", "instituteId", "instituteName",
                         "instituteNames", "instituteCountry", "instituteParentId", "firstname", "middlename", "surname", "dob", "employerName",
                         "customerReference", "applicationId", "result", "stage", "awaitingResolver", "retriesLeft", "thirdPartyActionUrl",
                         "accreditationStatus", "resolvedResult", "resolvedAt", "resolverCompanyId", "recorded", "updated", "search")
       SELECT 'QB' || lpad(n::text, 10, '0'), company, company, 'user' || (h % 25) || '@' || company || '.test', 'User ' || (h % 25), false, 'UNI',
              'bench-uni-' || (h % 500), 'Bench University ' || (h % 500), jsonb_build_array('Bench University ' || (h % 500)), 'United Kingdom', NULL,
              first, NULL, last, (1960 + h % 40) || '-0' || (1 + h % 9) || '-1' || (h % 10), NULL, 'REF-' || n, NULL, result,
              CASE result WHEN 'PENDING' THEN 'MANUAL_CHECK' WHEN 'UNABLE' THEN 'MANUAL_CHECK' WHEN 'NOT_FOUND' THEN 'ACTION_REQUIRED' WHEN 'REJECTED' THEN 'ACTION_REQUIRED'
                   WHEN 'UNPAID' THEN 'AWAITING_PAYMENT' WHEN 'AWAITING_CONSENT' THEN 'DRAFT' ELSE 'CLOSED' END,
              result IN ('PENDING', 'UNABLE'), 0, NULL, NULL,
              CASE WHEN result IN ('REJECTED', 'NOT_VERIFIED') THEN result END, CASE WHEN result IN ('REJECTED', 'NOT_VERIFIED') THEN recorded + interval '3 days' END, NULL,
              recorded, recorded, lower(first || ' ' || last || ' qb' || lpad(n::text, 10, '0') || ' ref-' || n)
       FROM v`,
      [from, to],
    );
    log(`  ${to} rows`);
  }
  log('building the indexes...');
  for (const sql of createTableSql(table)) await pool.query(sql);
  await pool.query(`CREATE INDEX IF NOT EXISTS "${table.name}_search_trgm" ON ${T} USING gin ("search" gin_trgm_ops)`);
  // The counts read model, as the projection would have left it for these rows.
  await pool.query(
    `INSERT INTO "${VERIFICATION_COUNTS_TABLE}" ("id", "companyId", "result", "count")
     SELECT "companyId" || '|' || "result", "companyId", "result", count(*)::int FROM ${T} WHERE "id" LIKE 'QB%' GROUP BY "companyId", "result"
     ON CONFLICT ("id") DO UPDATE SET "count" = "${VERIFICATION_COUNTS_TABLE}"."count" + EXCLUDED."count"`,
  );
  await pool.query(`VACUUM ANALYZE ${T}`);
  await pool.query(`VACUUM ANALYZE "${VERIFICATION_COUNTS_TABLE}"`);
}

const { app, base, pool, stop } = await startBenchApp('verification_list', { dbPool, extraModules: [NaiveListModule] });

try {
  // Let the read models take in the demo data first, so nothing else writes while measuring.
  const head = await app.get(EVENT_STORE).headPosition();
  for (const name of ['verification-list', 'verification-detail', 'verification-counts']) await app.get(ProjectionsService).waitFor(name, head, 60000);
  log(`generating ${rows} verifications into ${VERIFICATION_LIST_TABLE}...`);
  const started = performance.now();
  await generate(pool);
  const facts = (
    await pool.query(`SELECT (SELECT count(*) FROM ${T})::int AS total, (SELECT count(*) FROM ${T} WHERE "companyId" = 'acme')::int AS acme,
                             pg_size_pretty(pg_total_relation_size('${VERIFICATION_LIST_TABLE}')) AS size`)
  ).rows[0];
  log(`read model: ${facts.total} verifications, ${facts.acme} of them Acme's, ${facts.size} with indexes (${Math.round((performance.now() - started) / 1000)} s)`);

  const token = benchToken(app, { sub: 'alice@acme.test', authorities: [{ authority: 'ROLE_USER' }, { authority: 'ROLE_ADMIN' }] });
  const headers = { 'X-AUTH-TOKEN': token };

  // The deep page's keyset cursor: the last row of the page before it.
  const before = (
    await pool.query(
      `SELECT "recorded", "id" FROM ${T} WHERE "companyId" = 'acme' AND "result" <> 'DELETED' ORDER BY "recorded" DESC, "id" DESC OFFSET $1 LIMIT 1`,
      [deepPage * size - 1],
    )
  ).rows[0];
  const cursor = encodeCursor(new Date(before.recorded).toISOString(), before.id);

  const urls = {
    first: [`${base}/v1/verification?page=0&size=${size}`],
    deep: [`${base}/v1/verification?page=${deepPage}&size=${size}`],
    cursor: [`${base}/v1/verification?size=${size}&after=${cursor}`],
    naiveFirst: [`${base}/v1/bench/naive-verifications?page=0&size=${size}`],
    naiveDeep: [`${base}/v1/bench/naive-verifications?page=${deepPage}&size=${size}`],
  };

  // The same rows, whichever way they are asked for.
  const ids = async (url) => (await (await fetch(url, { headers })).json()).content.map((r) => r.id).join(',');
  const [deepIds, cursorIds, naiveIds] = [await ids(urls.deep[0]), await ids(urls.cursor[0]), await ids(urls.naiveDeep[0])];
  if (deepIds !== naiveIds || cursorIds !== naiveIds) throw new Error('the deep page differs between offset, cursor and naive');
  const totals = await Promise.all([urls.first[0], urls.naiveFirst[0]].map(async (u) => (await (await fetch(u, { headers })).json()).totalSize));
  if (totals[0] !== totals[1]) throw new Error(`totals differ: ${totals.join(' vs ')}`);
  log(`Acme's history: ${totals[0]} verifications; deep page ${deepPage} (rows ${deepPage * size + 1}-${deepPage * size + size}) agrees three ways`);

  const load = (list, ms) => loadWith(list, ms, clients);
  async function loadWith(list, ms, clients) {
    const perWorker = Array.from({ length: workers }, (_, w) => Math.floor(clients / workers) + (w < clients % workers ? 1 : 0)).filter((n) => n > 0);
    const results = await Promise.all(
      perWorker.map(
        (n, w) =>
          new Promise((resolve, reject) => {
            const worker = new Worker(LOAD_WORKER, { eval: true, workerData: { urls: list, headers, clients: n, offset: w, ms } });
            worker.once('message', resolve);
            worker.once('error', reject);
          }),
      ),
    );
    const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const errors = results.reduce((sum, r) => sum + r.errors, 0);
    if (errors) log(`  ${errors} errors, e.g. ${results.find((r) => r.lastError)?.lastError}`);
    return { latencies, errors, rate: latencies.length / (ms / 1000) };
  }

  // Service time first: one client, so no request waits for another.
  const single = {};
  for (const [name, list] of Object.entries(urls)) {
    single[name] = await loadWith(list, 3000, 1);
    log(`${name}, 1 client: p50 ${percentile(single[name].latencies, 50).toFixed(1)} ms, p99 ${percentile(single[name].latencies, 99).toFixed(1)} ms`);
  }
  for (const [label, name, naive] of [
    ['verification.list.first.1-client', 'first', 'naiveFirst'],
    ['verification.list.deep-offset.1-client', 'deep', 'naiveDeep'],
    ['verification.list.deep-cursor.1-client', 'cursor', 'naiveDeep'],
  ]) {
    figure(`${label}.p50`, { rows: facts.total, tenantRows: facts.acme, clients: 1, pageSize: size, deepPage }, percentile(single[name].latencies, 50), 'ms', percentile(single[naive].latencies, 50));
  }

  const params = { rows: facts.total, tenantRows: facts.acme, clients, seconds, pageSize: size, deepPage, dbPool };
  const measured = {};
  for (const [name, list] of Object.entries(urls)) {
    log(`${name}: warming up, then ${clients} clients for ${seconds} s...`);
    await load(list, 2000);
    measured[name] = await load(list, seconds * 1000);
    const m = measured[name];
    log(`${name}: p50 ${percentile(m.latencies, 50).toFixed(1)} ms, p99 ${percentile(m.latencies, 99).toFixed(1)} ms, ${m.rate.toFixed(0)} req/s`);
  }
  const p = (name, q) => percentile(measured[name].latencies, q);
  for (const [label, name, naive] of [
    ['verification.list.first', 'first', 'naiveFirst'],
    ['verification.list.deep-offset', 'deep', 'naiveDeep'],
    ['verification.list.deep-cursor', 'cursor', 'naiveDeep'],
  ]) {
    figure(`${label}.p50`, params, p(name, 50), 'ms', p(naive, 50));
    figure(`${label}.p99`, params, p(name, 99), 'ms', p(naive, 99));
    figure(`${label}.throughput`, params, measured[name].rate, 'req/s', measured[naive].rate);
  }
} finally {
  await stop();
}
