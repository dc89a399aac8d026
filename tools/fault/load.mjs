// Scenario "load": the main journeys at once with autocannon (100 connections in all, 20 per journey) for 60 s
// (--duration to change): sign in, list, search, submit (each with its own reference and Idempotency-Key) and
// resolve (the institute's answer to pending requests prepared before). Per journey: requests, error rate, p50/p99.
import { createRequire } from 'node:module';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { database, log, randomIp, root, signIn, sleep, startApi, submission, submit } from './lib.mjs';

const autocannon = createRequire(path.join(root, 'package.json'))('autocannon');

function run(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
    instance.on('error', () => undefined);
  });
}

export async function loadScenario({ durationS = 60, connections = 100, pending = 400 } = {}) {
  const db = await database();
  let api;
  try {
    api = await startApi(db.url, { env: { DATABASE_POOL_SIZE: '40' } });
    const alice = await signIn(api.base, 'alice@acme.test');
    const irene = await signIn(api.base, 'irene@uni-demo.test');
    // Requests University of Demo holds no record of wait for irene: the resolve journey answers them. Such a request
    // comes back NOT_FOUND from the automatic check (a queued job) and goes to irene only when the customer asks
    // for manual checking (PUT ?resub=true {force: true}), as omar's does in the demo; resolving it before that is rightly
    // refused (409). So: submit them, ask for manual checking of each once its check has run, then wait for irene's
    // list to show them, and answer only what it shows.
    log(`preparing ${pending} pending requests for the resolve journey`);
    const prepStarted = Date.now();
    const ids = [];
    for (let i = 0; i < pending; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, pending - i) }, (_, j) =>
          fetch(`${api.base}/v1/verification`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-AUTH-TOKEN': alice, 'Idempotency-Key': randomUUID() },
            body: JSON.stringify(submission(`LOAD-PENDING-${i + j}`, { inRecords: false })),
            signal: AbortSignal.timeout(60_000),
          }).then((r) => r.json()),
        ),
      );
      for (const b of batch) if (b?.id) ids.push(b.id);
    }
    const submitted = ids.length;
    const forced = new Set();
    const refusals = {};
    const manualDeadline = Date.now() + 180_000;
    const queue = [...ids];
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (queue.length) {
          const id = queue.shift();
          while (Date.now() < manualDeadline) {
            const res = await fetch(`${api.base}/v1/verification/${id}?resub=true`, {
              method: 'PUT',
              headers: { 'Content-Type': 'application/json', 'X-AUTH-TOKEN': alice },
              body: JSON.stringify({ force: true }),
              signal: AbortSignal.timeout(60_000),
            }).catch(() => null);
            if (res?.ok) {
              forced.add(id);
              break;
            }
            // 409 while the automatic check has not run yet: ask again a little later.
            const status = res?.status ?? 0;
            refusals[status] = (refusals[status] ?? 0) + 1;
            await res?.arrayBuffer().catch(() => undefined);
            await sleep(500);
          }
        }
      }),
    );
    log(`${submitted} submitted, ${forced.size} sent for manual checking (refusals while the check ran: ${JSON.stringify(refusals)})`);
    // irene's list, 100 a page (its largest), until it shows every request sent to her or 2 minutes have passed.
    const pendingIds = new Set();
    const listDeadline = Date.now() + 120_000;
    for (;;) {
      pendingIds.clear();
      for (let page = 0; page < Math.ceil(forced.size / 100) + 2; page++) {
        const r = await fetch(`${api.base}/v1/verification/pending?page=${page}&size=100`, { headers: { 'X-AUTH-TOKEN': irene } }).then((x) => x.json());
        for (const v of r.content ?? []) pendingIds.add(v.id);
        if (!r.content?.length) break;
      }
      if ([...forced].every((id) => pendingIds.has(id)) || Date.now() > listDeadline) break;
      await sleep(1000);
    }
    ids.splice(0, ids.length, ...ids.filter((id) => pendingIds.has(id)));
    const prepSeconds = Math.round((Date.now() - prepStarted) / 1000);
    log(`${ids.length} of ${submitted} prepared requests are pending for irene (${prepSeconds} s)`);
    await submit(api.base, alice, 'LOAD-WARM', randomUUID());

    const per = Math.max(1, Math.floor(connections / 5));
    const common = { url: api.base, connections: per, duration: durationS, timeout: 30 };
    let ref = 0;
    let next = 0;
    const body = (r) => JSON.stringify(submission(r));
    const journeys = {
      'sign in': {
        method: 'POST',
        path: '/v1/auth',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'bob@acme.test', password: 'Demo-pass1' }),
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': randomIp() } }),
      },
      list: { method: 'GET', path: '/v1/verification?page=0&size=20', headers: { 'x-auth-token': alice } },
      search: { method: 'GET', path: '/v1/institute/summary?name=University&page=0&size=20', headers: { 'x-auth-token': alice } },
      submit: {
        method: 'POST',
        path: '/v1/verification',
        headers: { 'content-type': 'application/json', 'x-auth-token': alice },
        setupRequest: (req) => ({ ...req, body: body(`LOAD-${ref++}`), headers: { ...req.headers, 'idempotency-key': randomUUID() } }),
      },
      resolve: {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-auth-token': irene },
        path: '/v1/verification/pending',
        // Each pending request answered once; when all are answered, the journey reads the resolver's list.
        // Fresh headers each time: autocannon writes Content-Length into the request's headers object, and a GET
        // carrying the last PUT's length would make the server wait for a body that never comes.
        setupRequest: (req) => {
          const id = ids[next++];
          return id
            ? { ...req, method: 'PUT', path: `/v1/verification/pending/${id}`, headers: { 'content-type': 'application/json', 'x-auth-token': irene }, body: JSON.stringify({ result: 'NOT_VERIFIED', notes: 'load run', approvedByName: 'Irene Ingram', approvedByTitle: 'Registry' }) }
            : { ...req, method: 'GET', path: '/v1/verification/pending?page=0&size=20', headers: { 'x-auth-token': irene }, body: undefined };
        },
      },
    };
    log(`running ${Object.keys(journeys).length} journeys x ${per} connections for ${durationS} s`);
    const results = await Promise.all(Object.entries(journeys).map(async ([name, j]) => [name, await run({ ...common, requests: [j] })]));
    const perJourney = Object.fromEntries(
      results.map(([name, r]) => {
        const total = r.requests.total + r.errors + r.timeouts;
        const failed = r.non2xx + r.errors + r.timeouts;
        return [
          name,
          {
            requests: total,
            perSecond: Math.round(r.requests.average),
            errorRatePct: total ? Math.round((10000 * failed) / total) / 100 : null,
            non2xx: r.non2xx,
            errors: r.errors,
            timeouts: r.timeouts,
            statusCodes: r.statusCodeStats,
            latencyMs: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
          },
        ];
      }),
    );
    // What the resolve journey did, read back: how many of the prepared requests irene still has pending.
    let stillPending = 0;
    for (let page = 0; page < Math.ceil(ids.length / 100) + 2; page++) {
      const r = await fetch(`${api.base}/v1/verification/pending?page=${page}&size=100`, { headers: { 'X-AUTH-TOKEN': irene } }).then((x) => x.json());
      stillPending += (r.content ?? []).filter((v) => ids.includes(v.id)).length;
      if (!r.content?.length) break;
    }
    const all = Object.values(perJourney);
    const requests = all.reduce((s, j) => s + j.requests, 0);
    const failed = all.reduce((s, j) => s + j.non2xx + j.errors + j.timeouts, 0);
    const result = {
      scenario: 'load',
      did: { durationS, connections: per * 5, connectionsPerJourney: per, pendingPrepared: ids.length, prepSeconds, resolved: ids.length - stillPending },
      found: { requests, errorRatePct: requests ? Math.round((10000 * failed) / requests) / 100 : null, apiAlive: api.alive(), perJourney },
    };
    result.ok = failed === 0 && api.alive();
    return result;
  } finally {
    await api?.stop().catch(() => undefined);
    await db.destroy();
  }
}
