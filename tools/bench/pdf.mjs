// PDF certificates (issue 17): the pooled renderer against a naive launch-a-browser-per-render, in the same run.
//   npm run bench -- pdf
//   BENCH_RENDERS (renders per concurrency level, default 48), BENCH_NAIVE_RENDERS (default 8 per level),
//   BENCH_MEMORY_RENDERS (default 1000), PDF_POOL_SIZE (default 2), PDF_BROWSER_MAX_RENDERS (default 500)
// Figures: certificates per second and p50/p99 at 1, 4 and 16 concurrent (warm pool, then naive), the cache-hit
// latency of GET /v1/verification/{id}/downloads/result over HTTP, and the memory (USS) of the API process plus its
// Chromium around render 100 and around render BENCH_MEMORY_RENDERS (each the median of 8 readings, split into
// api and chromium in the params). One JSON line per figure on stdout.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { api, figure, log, percentile, root, startBenchApp } from './lib.mjs';

const renders = Number(process.env.BENCH_RENDERS ?? 48);
const naiveRenders = Number(process.env.BENCH_NAIVE_RENDERS ?? 8);
const memoryRenders = Number(process.env.BENCH_MEMORY_RENDERS ?? 1000);
const LEVELS = [1, 4, 16];

const requireFromRoot = createRequire(path.join(root, 'package.json'));
const puppeteer = requireFromRoot('puppeteer').default ?? requireFromRoot('puppeteer');
const QRCode = requireFromRoot('qrcode');
const { PdfRenderer, launchOptions } = api('modules/rendering/browser/pdf-renderer');
const { locateChromium } = api('modules/rendering/browser/chromium-locator');
const { finishPdf } = api('modules/rendering/pdf/pdf-finishing');
const { certificateHtml } = api('modules/rendering/templates/certificate.template');
const { certificateContent, contentDigest } = api('modules/rendering/certificates/certificate-content');
const { EVENT_STORE } = api('infrastructure/event-store/event-store.port');
const { verificationDecider, verificationStream } = requireFromRoot('@credence/domain');

/** Runs `total` tasks with `concurrency` in flight; answers the latencies (ms) and the wall time. */
async function run(total, concurrency, task) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        await task(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000 };
}

const comm = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
};

/**
 * Memory (MB) of this process and of every Chromium process whose parent chain reaches it, as USS: the pages only
 * that process maps. PSS (shared pages split between their users) moved by ~100 MB between readings here as other
 * processes on the machine started and stopped the same node and chromium binaries; a leak shows in private pages.
 */
function treeRssMb() {
  const parents = new Map();
  const rss = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      parents.set(Number(pid), Number(/PPid:\s+(\d+)/.exec(status)?.[1] ?? 0));
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0);
      rss.set(Number(pid), kb('Private_Clean') + kb('Private_Dirty'));
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (pid) => {
    for (let p = pid, hops = 0; p && hops < 20; p = parents.get(p), hops++) if (p === process.pid) return true;
    return false;
  };
  let chromium = 0;
  for (const [pid, value] of rss) {
    // The bench's embedded PostgreSQL is a child too: only this process and Chromium's count.
    if (pid === process.pid || !/chrom/i.test(comm(pid))) continue;
    if (inTree(pid)) chromium += value;
  }
  const api = rss.get(process.pid) ?? 0;
  return { total: (api + chromium) / 1024, api: api / 1024, chromium: chromium / 1024 };
}

/**
 * Chromium's memory is a sawtooth (its garbage collectors and allocator give memory back in bursts: +-25% between
 * renders seen here), so one reading at render 100 and one at render 1,000 compare two random points of it. Each
 * figure is the median of the readings taken every 10 renders over the 80 renders before the mark.
 */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const windowOf = (samples, mark) => samples.filter((s) => s.renders > mark - 80 && s.renders <= mark);
const summary = (samples) => ({ total: median(samples.map((s) => s.total)), api: median(samples.map((s) => s.api)), chromium: median(samples.map((s) => s.chromium)), heap: median(samples.map((s) => s.heap)) });

const bench = await startBenchApp('pdf');
try {
  const { app, base } = bench;
  // A demo certificate's content, read from its stream as the service does.
  const auth = await fetch(`${base}/v1/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'alice@acme.test', password: 'Demo-pass1' }) });
  const token = auth.headers.get('x-auth-token');
  const list = await (await fetch(`${base}/v1/verification?size=100`, { headers: { 'x-auth-token': token } })).json();
  const verified = list.content.find((v) => v.result === 'VERIFIED');
  const recorded = await app.get(EVENT_STORE).readStream(verificationStream(verified.id));
  let state = verificationDecider.initialState();
  for (const e of recorded) state = verificationDecider.evolve(state, e);
  const revision = recorded[recorded.length - 1].revision;
  const content = certificateContent(state, revision, { ignoreNotes: false });
  const digest = contentDigest(content);

  /** One certificate as a cache miss makes it: QR code, template, render, pdf-lib finishing. */
  const certificateHtmlFor = async (i) => {
    const code = `bench${String(i).padStart(17, '0')}`;
    const verifyUrl = `http://localhost:3000/certificate/${code}`;
    const qrSvg = await QRCode.toString(verifyUrl, { type: 'svg', margin: 0 });
    return { html: certificateHtml(content, { code, verifyUrl, qrSvg, digest, issuedAt: new Date() }, null), code };
  };
  const finish = (pdf, code) => finishPdf(pdf, { title: 'bench', subject: 'bench', keywords: [content.qcid, code], issuedAt: new Date(), custom: { CredenceContentDigest: digest } });

  const renderer = app.get(PdfRenderer);
  const poolSize = renderer.settings.poolSize;
  log(`warming the pool (${poolSize} pages)`);
  await run(poolSize * 2, poolSize, async (i) => {
    const { html, code } = await certificateHtmlFor(i);
    await finish(await renderer.render(html), code);
  });

  const warm = {};
  for (const concurrency of LEVELS) {
    log(`warm pool: ${renders} certificates, ${concurrency} concurrent`);
    const r = await run(renders, concurrency, async (i) => {
      const { html, code } = await certificateHtmlFor(i);
      await finish(await renderer.render(html), code);
    });
    warm[concurrency] = r;
  }

  const chromium = await locateChromium(renderer.settings);
  const naive = {};
  for (const concurrency of LEVELS) {
    const total = Math.max(naiveRenders, concurrency);
    log(`naive: ${total} certificates, ${concurrency} concurrent, a browser launched for each`);
    naive[concurrency] = await run(total, concurrency, async (i) => {
      const { html, code } = await certificateHtmlFor(i);
      const browser = await puppeteer.launch(launchOptions(chromium));
      try {
        const page = await browser.newPage();
        await page.setContent(html, { waitUntil: 'load' });
        await finish(Buffer.from(await page.pdf({ format: 'A4', printBackground: true })), code);
      } finally {
        await browser.close();
      }
    });
  }

  for (const concurrency of LEVELS) {
    const w = warm[concurrency];
    const n = naive[concurrency];
    const params = { concurrency, poolSize, renders: w.latencies.length, naiveRenders: n.latencies.length };
    figure('pdf.certificates_per_second', params, w.latencies.length / w.seconds, 'per_s', n.latencies.length / n.seconds);
    figure('pdf.latency_p50', params, percentile(w.latencies, 50), 'ms', percentile(n.latencies, 50));
    figure('pdf.latency_p99', params, percentile(w.latencies, 99), 'ms', percentile(n.latencies, 99));
  }

  // Cache hits over HTTP: the first download renders and stores, the next ones read the blob store.
  const url = `${base}/v1/verification/${verified.id}/downloads/result`;
  const first = await fetch(url, { headers: { 'x-auth-token': token } });
  await first.arrayBuffer();
  if (!first.ok) throw new Error(`download failed: ${first.status}`);
  const hits = await run(100, 1, async () => {
    const res = await fetch(url, { headers: { 'x-auth-token': token } });
    await res.arrayBuffer();
    if (res.headers.get('x-cache') !== 'HIT') throw new Error('expected a cache hit');
  });
  figure('pdf.cache_hit_latency_p50', { requests: 100, via: 'HTTP' }, percentile(hits.latencies, 50), 'ms');
  figure('pdf.cache_hit_latency_p99', { requests: 100, via: 'HTTP' }, percentile(hits.latencies, 99), 'ms');

  // Memory: API process + Chromium tree around render 100, then around render memoryRenders.
  log(`memory: ${memoryRenders} renders`);
  let done = 0;
  const samples = [];
  await run(memoryRenders, poolSize, async (i) => {
    const { html, code } = await certificateHtmlFor(i);
    await finish(await renderer.render(html), code);
    const n = ++done;
    if (n % 10 === 0 && (n <= 100 || n > memoryRenders - 80)) {
      globalThis.gc?.();
      samples.push({ renders: n, ...treeRssMb(), heap: process.memoryUsage().heapUsed / 1024 / 1024 });
    }
  });
  const stats = renderer.stats();
  const early = summary(windowOf(samples, 100));
  const late = summary(windowOf(samples, memoryRenders));
  const round = (v) => Math.round(v);
  figure('pdf.memory_after_100_renders', { poolSize, measure: 'USS, median of renders 30-100', includes: 'api process + chromium', api: round(early.api), chromium: round(early.chromium), apiHeapUsedAfterGc: round(early.heap) }, early.total, 'MB');
  figure('pdf.api_process_rss', { renders: memoryRenders }, process.memoryUsage().rss / 1024 / 1024, 'MB');
  figure(
    'pdf.memory_after_renders',
    { renders: memoryRenders, measure: `USS, median of renders ${memoryRenders - 70}-${memoryRenders}`, poolSize, browserRestarts: stats.restarts, maxRendersPerBrowser: renderer.settings.maxRendersPerBrowser, includes: 'api process + chromium', api: round(late.api), chromium: round(late.chromium), apiHeapUsedAfterGc: round(late.heap) },
    late.total,
    'MB',
    early.total,
  );
} finally {
  await bench.stop();
}
