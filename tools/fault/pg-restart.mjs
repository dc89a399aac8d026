// Scenario "pg-restart": stop the embedded PostgreSQL under load (list and submit with Idempotency-Keys), start it
// again after a gap, and see that the API survives, fails fast during the gap, answers again after it, and lost
// no acknowledged write.
import { randomUUID } from 'node:crypto';
import { database, ledger, log, pct, round, signIn, sleep, startApi, submit } from './lib.mjs';

export async function pgRestartScenario({ durationMs = 30_000, gapMs = 5_000, stopAtMs = 8_000, workers = 20 } = {}) {
  const db = await database();
  let api;
  try {
    api = await startApi(db.url);
    const token = await signIn(api.base, 'alice@acme.test');
    const samples = [];
    const acked = new Set();
    const started = Date.now();
    const gap = { from: null, to: null };
    let n = 0;

    const worker = async (w) => {
      while (Date.now() - started < durationMs) {
        const t0 = Date.now() - started;
        if ((n++ + w) % 2 === 0) {
          const s = performance.now();
          let status = 0;
          try {
            const res = await fetch(`${api.base}/v1/verification?page=0&size=20`, { headers: { 'X-AUTH-TOKEN': token }, signal: AbortSignal.timeout(30_000) });
            status = res.status;
            await res.arrayBuffer();
          } catch {
            status = 0;
          }
          samples.push({ t: t0, kind: 'list', status, ms: performance.now() - s });
        } else {
          const ref = `FAULT-P-${w}-${n}`;
          const key = randomUUID();
          // A client that retries its write with the same key until it gets a definite answer.
          for (let attempt = 0; attempt < 30; attempt++) {
            const o = await submit(api.base, token, ref, key, { timeoutMs: 30_000 });
            samples.push({ t: Date.now() - started, kind: 'submit', status: o.status, ms: o.ms });
            if (o.status >= 200 && o.status < 300) {
              acked.add(ref);
              break;
            }
            if (o.status >= 400 && o.status < 500 && o.body?.errors?.[0]?.code !== 'QC-IDEMPOTENCY-BUSY' && o.status !== 409) break;
            if (Date.now() - started > durationMs + 60_000) break;
            await sleep(250);
          }
        }
      }
    };
    const stopper = (async () => {
      await sleep(stopAtMs);
      gap.from = Date.now() - started;
      await db.stop();
      log(`PostgreSQL stopped at ${gap.from} ms`);
      await sleep(gapMs);
      await db.start();
      gap.to = Date.now() - started;
      log(`PostgreSQL started again at ${gap.to} ms`);
    })();
    await Promise.all([...Array.from({ length: workers }, (_, w) => worker(w)), stopper]);
    const alive = api.alive();
    const health = alive ? (await fetch(`${api.base}/health`).catch(() => null))?.status ?? 0 : 0;

    const inGap = samples.filter((s) => s.t >= gap.from && s.t < gap.to);
    const failedInGap = inGap.filter((s) => s.status === 0 || s.status >= 500);
    const failMs = failedInGap.map((s) => s.ms).sort((a, b) => a - b);
    const after = samples.filter((s) => s.t >= gap.to).sort((a, b) => a.t - b.t);
    const firstOkAfter = after.find((s) => s.status >= 200 && s.status < 300);
    const tail = samples.filter((s) => s.t >= gap.to + 5_000);
    const book = await ledger(db.url, 'FAULT-P-');
    const missing = [...acked].filter((ref) => (book.byRef.get(ref) ?? 0) !== 1);
    const doubled = [...book.byRef.entries()].filter(([, c]) => c > 1).map(([r]) => r);

    const result = {
      scenario: 'pg-restart',
      did: { durationMs, workers, databaseStoppedAtMs: gap.from, databaseBackAtMs: gap.to, requests: samples.length },
      found: {
        apiSurvived: alive,
        healthAfter: health,
        requestsDuringGap: inGap.length,
        failedDuringGap: failedInGap.length,
        failureLatencyDuringGapMs: { p50: round(pct(failMs, 50)), p99: round(pct(failMs, 99)), max: round(failMs.at(-1) ?? null) },
        statusesDuringGap: countBy(inGap.map((s) => s.status)),
        firstSuccessAfterRestartMs: firstOkAfter ? firstOkAfter.t - gap.to : null,
        errorRateFrom5sAfterRestart: tail.length ? round((100 * tail.filter((s) => s.status === 0 || s.status >= 500).length) / tail.length) : null,
        acknowledgedSubmissions: acked.size,
        acknowledgedMissing: missing,
        doubled,
      },
    };
    result.ok = alive && health === 200 && missing.length === 0 && doubled.length === 0 && !!firstOkAfter && (result.found.failureLatencyDuringGapMs.p99 ?? 0) < 5_000;
    return result;
  } finally {
    await api?.stop().catch(() => undefined);
    await db.destroy();
  }
}

function countBy(values) {
  const out = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}
