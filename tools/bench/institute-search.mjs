// Institute search under load: the demo catalogue grown to 50,000 institutes, then 100 concurrent HTTP clients
// asking the compiled API for GET /v1/institute/summary?name=<mistyped name>&fuzzy=true (the in-process index of
// modules/catalogue/search), next to the same clients asking, in the same run and through the same app, for a naive
// `ILIKE '%name%'` over the same names in a table without an index (a bench-only route). Also what the index costs:
// heap, the time to rebuild it from the database (what each replica does at boot), and CPU per query. Also how often the intended institute is on the first
// page (recall@20): the naive query finds almost nothing when the name is mistyped. A second round asks for the first
// letters of common words ('univ', 'coll'), which match thousands of institutes: the search's worst case.
// The load: autocannon in a child process (BENCH_CLIENT=fetch: fetch() in BENCH_WORKERS worker threads of this
// process, as before; on 2 cores fetch cost about 1 ms of CPU per request, taken from the server under test), each
// request the next query of the list, for both sides. CPU per request, robust to other load on the machine: the
// app's main thread (cpu-per-request), the embedded PostgreSQL (db-cpu-per-request) and the client's.
//   npm run bench -- institute-search
//   BENCH_SECONDS (default 10), BENCH_CLIENTS (100), BENCH_INSTITUTES (50000), BENCH_DB_POOL (30),
//   BENCH_CLIENT (autocannon | fetch), BENCH_WORKERS (2, fetch only)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { api, autocannonInChild, benchToken, figure, log, percentile, postgresCpuMs, root, startBenchApp } from './lib.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const clients = Number(process.env.BENCH_CLIENTS ?? 100);
const target = Number(process.env.BENCH_INSTITUTES ?? 50000);
// Each projection runner keeps one connection of the API's pool checked out (7 of the default 10 at the time of
// writing), so the default leaves requests only a few: the bench gives the pool room and reports what was free.
const dbPool = Number(process.env.BENCH_DB_POOL ?? 30);
const workers = Number(process.env.BENCH_WORKERS ?? 2);
const client = process.env.BENCH_CLIENT ?? 'autocannon';

/** The load generator of one worker thread: its share of the clients, latencies back to the main thread. */
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { urls, headers, clients, offset, ms } = workerData;
const cpuMs = () => { const f = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
(async () => {
  const cpu0 = cpuMs();
  const latencies = [];
  let errors = 0;
  const end = performance.now() + ms;
  await Promise.all(Array.from({ length: clients }, async (_, c) => {
    for (let n = offset + c * 7; performance.now() < end; n += clients) {
      const t0 = performance.now();
      try {
        const res = await fetch(urls[n % urls.length], { headers });
        await res.arrayBuffer();
        if (res.ok) latencies.push(performance.now() - t0);
        else errors++;
      } catch {
        errors++; // a reset connection on an overloaded machine: counted, not fatal
      }
    }
  }));
  parentPort.postMessage({ latencies, errors, cpuMs: cpuMs() - cpu0 });
})();
`;

/**
 * autocannon in a child process: each request the next path of the list (one counter for all connections, so the
 * clients ask different queries at once, as the fetch clients did); every 2xx answer's latency (ms), the errors,
 * and the child's own CPU.
 */

/** CPU time (user + system, ms) of this process's main thread, where the app runs; Linux, else NaN. */
function mainThreadCpuMs() {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}
const requireFromRoot = createRequire(path.join(root, 'package.json'));
const { Controller, Get, Inject, Module, Query } = requireFromRoot('@nestjs/common');

const { PG_POOL } = api('infrastructure/database/database.tokens');
const { buildCountries } = api('modules/catalogue/data/reference-data');
const { buildDemoCatalogue } = api('modules/catalogue/data/demo-catalogue');
const { insertInstitutes, insertRefData } = api('modules/catalogue/persistence/institute-writer');
const { likePattern } = api('modules/catalogue/queries/institute-search.query');
const { InstituteIndexSync } = api('modules/catalogue/search/institute-index-sync');
const { INSTITUTE_SEARCH_INDEX } = api('modules/catalogue/search/institute-search.port');
const { Prng } = api('modules/catalogue/data/prng');

/** GET /v1/bench/naive?name=: the baseline, shaped like the search (first page of 20, total), no index. */
class NaiveSearchController {
  constructor(pool) {
    this.pool = pool;
  }
  async naive(name) {
    const { rows } = await this.pool.query(
      `SELECT id, names, count(*) OVER ()::int AS total FROM bench_plain_names
       WHERE names ILIKE $1 ORDER BY name, id LIMIT 20`,
      [likePattern(name)],
    );
    return { content: rows.map((r) => ({ id: r.id, names: r.names })), totalSize: rows[0]?.total ?? 0 };
  }
}
Inject(PG_POOL)(NaiveSearchController, undefined, 0);
Query('name')(NaiveSearchController.prototype, 'naive', 0);
Get('naive')(
  NaiveSearchController.prototype,
  'naive',
  Object.getOwnPropertyDescriptor(NaiveSearchController.prototype, 'naive'),
);
Controller('bench')(NaiveSearchController);
class NaiveSearchModule {}
Module({ controllers: [NaiveSearchController] })(NaiveSearchModule);

/** A plausible typing mistake: two neighbouring letters swapped in one word, a letter dropped in another. */
function mistype(name, prng) {
  const words = name.split(' ');
  const long = words.map((w, i) => (w.length >= 5 ? i : -1)).filter((i) => i >= 0);
  if (!long.length) return name;
  const a = prng.pick(long);
  const w = words[a];
  const i = prng.int(1, w.length - 3);
  words[a] = w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  const others = long.filter((j) => j !== a);
  if (others.length) {
    const b = prng.pick(others);
    const j = prng.int(1, words[b].length - 2);
    words[b] = words[b].slice(0, j) + words[b].slice(j + 1);
  }
  return words.join(' ');
}

const { app, base, pool, stop } = await startBenchApp('institute_search', { dbPool, extraModules: [NaiveSearchModule] });

try {
  const existing = (await pool.query('SELECT count(*)::int AS n FROM catalogue_institute')).rows[0].n;
  log(`seeded ${existing} institutes; growing the catalogue to ${target}...`);
  const started = performance.now();
  const grown = buildDemoCatalogue(buildCountries(), {
    total: Math.ceil((target - existing) * 1.02),
    idPrefix: 'B',
  });
  const extra = grown.institutes
    .filter((i) => !['uni-demo', 'uni-demo-archive'].includes(i.id))
    .slice(0, target - existing);
  const extraIds = new Set(extra.map((i) => i.id));
  await insertInstitutes(pool, extra);
  await insertRefData(
    pool,
    grown.refData.filter((o) => extraIds.has(o.instituteId)),
  );
  await pool.query(`CREATE TABLE bench_plain_names AS
    SELECT i.id, i.name, string_agg(n.name, ' | ') AS names
    FROM catalogue_institute i JOIN catalogue_institute_name n ON n.institute_id = i.id WHERE i.searchable GROUP BY i.id, i.name`);
  await pool.query('ANALYZE');
  const counts = (
    await pool.query(`SELECT (SELECT count(*) FROM catalogue_institute)::int AS institutes,
                             (SELECT count(*) FROM catalogue_institute_name)::int AS names,
                             (SELECT count(DISTINCT country_id) FROM catalogue_institute)::int AS countries`)
  ).rows[0];
  log(
    `catalogue: ${counts.institutes} institutes, ${counts.names} names, ${counts.countries} countries (${Math.round(performance.now() - started)} ms)`,
  );

  // The index heard of the bulk insert (a '*' notification); measure what it costs by emptying and rebuilding it.
  const sync = app.get(InstituteIndexSync);
  const index = app.get(INSTITUTE_SEARCH_INDEX);
  await sync.reloadAll();
  const heap = () => {
    global.gc();
    return process.memoryUsage().heapUsed;
  };
  await index.replaceAll([]);
  const emptyHeap = heap();
  const cpuBefore = process.cpuUsage();
  await sync.reloadAll();
  const rebuildCpu = process.cpuUsage(cpuBefore);
  const rebuildCpuMs = (rebuildCpu.user + rebuildCpu.system) / 1000;
  // What the index builds at its first search (its word lookups) counts too.
  const firstCpu = process.cpuUsage();
  index.searchNow({ text: 'Univrsity of Dmeo', page: 0, size: 20 });
  const firstSearch = process.cpuUsage(firstCpu);
  log(`first search after the rebuild: ${((firstSearch.user + firstSearch.system) / 1000).toFixed(0)} ms of CPU (its word lookups are built then)`);
  const indexBytes = heap() - emptyHeap;
  log(
    `index: ${index.size()} institutes, ${(indexBytes / 1e6).toFixed(1)} MB of heap, rebuilt from the database in ${Math.round(sync.lastFullLoadMs)} ms (${Math.round(rebuildCpuMs)} ms of this process's CPU)`,
  );

  const token = benchToken(app);
  const headers = { 'X-AUTH-TOKEN': token };

  // 200 searches for real institutes, each mistyped; University of Demo among them as the spec's example.
  const prng = new Prng(42);
  const sample = (
    await pool.query(`SELECT id, name FROM catalogue_institute WHERE searchable ORDER BY md5(id) LIMIT 199`)
  ).rows;
  const queries = [
    { id: 'uni-demo', q: 'Univrsity of Dmeo' },
    ...sample.map((r) => ({ id: r.id, q: mistype(r.name, prng) })),
  ];

  const fuzzyUrl = (q) =>
    `${base}/v1/institute/summary?page=0&size=20&name=${encodeURIComponent(q)}&fuzzy=true`;
  const naiveUrl = (q) => `${base}/v1/bench/naive?name=${encodeURIComponent(q)}`;

  async function recall(url) {
    let found = 0;
    for (const { id, q } of queries) {
      const res = await fetch(url(q), { headers });
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      const body = await res.json();
      if (body.content.some((r) => r.id === id)) found++;
    }
    return found / queries.length;
  }

  /** autocannon in a child process: `clients` connections, each sending its next request when answered. */
  async function autocannonLoad(urls, ms) {
    const u = new URL(urls[0]);
    const opts = { url: u.origin, headers, connections: clients, duration: ms / 1000, paths: urls.map((x) => new URL(x).pathname + new URL(x).search) };
    return [await autocannonInChild(opts)];
  }

  /**
   * `clients` concurrent clients, each sending its next request when the last one is answered, for `ms`: autocannon
   * in a child process, or (BENCH_CLIENT=fetch) fetch() in worker threads.
   */
  async function load(url, list, ms) {
    const urls = list.map(({ q }) => url(q));
    const cpu0 = { main: mainThreadCpuMs(), db: postgresCpuMs(), load: loadavg()[0] };
    const results = await (client === 'fetch' ? fetchLoad(urls, ms) : autocannonLoad(urls, ms));
    const cpu1 = { main: mainThreadCpuMs(), db: postgresCpuMs(), load: loadavg()[0] };
    await drained();
    const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const errors = results.reduce((sum, r) => sum + r.errors, 0);
    const n = Math.max(1, latencies.length);
    return {
      latencies,
      errors,
      rate: latencies.length / (ms / 1000),
      // CPU per answered request: the app's main thread (HTTP, guards, the search), PostgreSQL, the load generator.
      mainMs: (cpu1.main - cpu0.main) / n,
      dbMs: (cpu1.db - cpu0.db) / n,
      clientMs: results.reduce((sum, r) => sum + r.cpuMs, 0) / n,
      load: (cpu0.load + cpu1.load) / 2,
    };
  }

  /**
   * Until the requests a round left behind are done: autocannon closes its connections when its time is up, but
   * the naive queries already sent (seconds each under load) still run in PostgreSQL and would take the next
   * round's CPU. (The fetch clients wait for their last answers instead.)
   */
  async function drained() {
    const deadline = performance.now() + 60_000;
    while ((pool.waitingCount > 0 || pool.totalCount - pool.idleCount > heldByApp) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** fetch() clients in worker threads of this process (BENCH_CLIENT=fetch). */
  async function fetchLoad(urls, ms) {
    const perWorker = Array.from(
      { length: workers },
      (_, w) => Math.floor(clients / workers) + (w < clients % workers ? 1 : 0),
    );
    return Promise.all(
      perWorker.map(
        (n, w) =>
          new Promise((resolve, reject) => {
            const worker = new Worker(LOAD_WORKER, {
              eval: true,
              workerData: { urls, headers, clients: n, offset: w, ms },
            });
            worker.once('message', resolve);
            worker.once('error', reject);
          }),
      ),
    );
  }

  /** Naive and fuzzy, one after the other with the same clients and queries; one JSON line per figure. */
  async function compare(label, list, params) {
    log(`${label}: warming up...`);
    await load(fuzzyUrl, list, 2000);
    await load(naiveUrl, list, 2000);
    log(`${label}: ${clients} clients for ${seconds} s each...`);
    let elu = performance.eventLoopUtilization();
    const naive = await load(naiveUrl, list, seconds * 1000);
    const naiveElu = performance.eventLoopUtilization(elu).utilization;
    elu = performance.eventLoopUtilization();
    const fuzzy = await load(fuzzyUrl, list, seconds * 1000);
    const fuzzyElu = performance.eventLoopUtilization(elu).utilization;
    log(
      `${label}: event loop busy ${(fuzzyElu * 100).toFixed(0)}% (fuzzy), ${(naiveElu * 100).toFixed(0)}% (naive)`,
    );
    if (fuzzy.errors || naive.errors) log(`errors: fuzzy ${fuzzy.errors}, naive ${naive.errors}`);
    const p = (r, q) => percentile(r.latencies, q);
    const side = (r) =>
      `p50 ${p(r, 50).toFixed(1)} ms p99 ${p(r, 99).toFixed(1)} ms ${r.rate.toFixed(0)} req/s, CPU/req main ${r.mainMs.toFixed(2)} db ${r.dbMs.toFixed(2)} client ${r.clientMs.toFixed(2)} ms (load ${r.load.toFixed(1)})`;
    log(`${label}: fuzzy ${side(fuzzy)}; naive ${side(naive)}`);
    const at = { ...params, client, loadAverage1m: Math.round(((fuzzy.load + naive.load) / 2) * 10) / 10 };
    figure(`${label}.p50`, at, p(fuzzy, 50), 'ms', p(naive, 50));
    figure(`${label}.p99`, at, p(fuzzy, 99), 'ms', p(naive, 99));
    figure(`${label}.throughput`, at, fuzzy.rate, 'req/s', naive.rate);
    figure(`${label}.cpu-per-request`, at, fuzzy.mainMs, 'ms', naive.mainMs);
    figure(`${label}.db-cpu-per-request`, at, fuzzy.dbMs, 'ms', naive.dbMs);
    figure(`${label}.client-cpu-per-request`, at, fuzzy.clientMs, 'ms', naive.clientMs);
  }

  const heldByApp = pool.totalCount - pool.idleCount; // nothing of ours is in flight here
  const params = {
    institutes: counts.institutes,
    names: counts.names,
    clients,
    client,
    ...(client === 'fetch' ? { loadWorkers: workers } : {}),
    seconds,
    dbPool,
    dbPoolFreeForRequests: dbPool - heldByApp,
    // The machine is shared: how busy it was when the measuring started.
    cpus: cpus().length,
    loadAverage1m: Math.round(loadavg()[0] * 10) / 10,
  };
  figure('institute-search.index-memory', { institutes: counts.institutes, names: counts.names }, indexBytes / 1e6, 'MB');
  figure('institute-search.index-rebuild', { institutes: counts.institutes, names: counts.names }, sync.lastFullLoadMs, 'ms');
  figure('institute-search.index-rebuild-cpu', { institutes: counts.institutes, names: counts.names }, rebuildCpuMs, 'ms');
  /** CPU per query in the index itself (no HTTP): each query of the list, 5 times over. */
  const cpuPerQuery = (list) => {
    const t0 = process.cpuUsage();
    for (let r = 0; r < 5; r++) for (const { q } of list) index.searchNow({ text: q, page: 0, size: 20 });
    const t = process.cpuUsage(t0);
    return (t.user + t.system) / 1000 / (5 * list.length);
  };
  const fuzzyRecall = await recall(fuzzyUrl);
  const naiveRecall = await recall(naiveUrl);
  log(`recall@20 of mistyped names: fuzzy ${fuzzyRecall}, naive ${naiveRecall}`);

  figure(
    'institute-search.fuzzy.recall-at-20',
    { ...params, queries: queries.length },
    fuzzyRecall,
    'ratio',
    naiveRecall,
  );
  figure('institute-search.fuzzy.cpu-per-query', { ...params, queries: 'mistyped names' }, cpuPerQuery(queries), 'ms');
  await compare('institute-search.fuzzy', queries, { ...params, queries: 'mistyped names' });
  const broad = ['univ', 'coll', 'inst', 'tech', 'nati', 'poly', 'acad', 'scho', 'medi', 'stat'].map((q) => ({
    q,
  }));
  figure('institute-search.fuzzy-broad.cpu-per-query', { ...params, queries: 'first 4 letters of common words' }, cpuPerQuery(broad), 'ms');
  await compare('institute-search.fuzzy-broad', broad, {
    ...params,
    queries: 'first 4 letters of common words',
  });
} finally {
  await stop();
}
