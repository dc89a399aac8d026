// Scenario "chromium-kill": the API renders certificates with its own Chromium (a pool of pages in one browser).
// Alice's certificate-bearing verifications get a new event each (a staff comment), so no cached PDF can answer;
// then every one of them is downloaded with and without the institute's notes, all at once, and the Chromium
// processes the API started are SIGKILLed while those renders run. Each download that fails is asked again once
// after 2 s. Then: the API stayed up, every download ended with a PDF, a render after the kill works, and the
// browser was started again (new Chromium processes).
//
// Then the bulk path: Download All of an application (GET /v1/application/{id}/downloads/result) renders its
// certificates as 'certificate.render' jobs on the queue (pg-boss). anna puts three freshly verified degrees into her
// open application and submits it; alice asks for the bundle, and the Chromium processes are SIGKILLed as soon as
// one of those jobs is active. Then: one bundle, a valid PDF with every certificate in it, each certificate issued
// once, each job completed, and asking again gives the same certificates without issuing new ones.
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { database, log, pg, root, signIn, sleep, startApi, submit } from './lib.mjs';

const CERTIFIED = new Set(['VERIFIED', 'NOT_VERIFIED', 'RESOLVED']);

/** The Chromium processes below a process: every descendant whose command is a Chromium (or headless shell). */
function chromiumBelow(rootPid) {
  const parents = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parents.set(Number(d), { ppid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]), comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) });
    } catch {
      /* gone meanwhile */
    }
  }
  const below = (pid) => {
    for (let p = parents.get(pid)?.ppid; p; p = parents.get(p)?.ppid) if (p === rootPid) return true;
    return false;
  };
  return [...parents].filter(([pid, p]) => /chrom|headless/i.test(p.comm) && below(pid)).map(([pid]) => pid);
}

async function download(base, token, id, ignoreNotes) {
  const started = performance.now();
  try {
    const res = await fetch(`${base}/v1/verification/${id}/downloads/result?ignoreNotes=${ignoreNotes ? 1 : 0}`, {
      headers: { 'X-AUTH-TOKEN': token },
      signal: AbortSignal.timeout(120_000),
    });
    const body = Buffer.from(await res.arrayBuffer());
    return { status: res.status, pdf: body.subarray(0, 5).toString('latin1') === '%PDF-', ms: performance.now() - started };
  } catch (e) {
    return { status: 0, pdf: false, error: String(e?.message ?? e), ms: performance.now() - started };
  }
}

function killAll(pids) {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

const json = async (res) => ({ status: res.status, body: await res.json().catch(() => null) });
const call = (base, token, method, route, body) =>
  fetch(`${base}${route}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-AUTH-TOKEN': token },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  }).then(json);

async function bundle(base, token, applicationId) {
  const started = performance.now();
  try {
    const res = await fetch(`${base}/v1/application/${applicationId}/downloads/result`, { headers: { 'X-AUTH-TOKEN': token }, signal: AbortSignal.timeout(180_000) });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), ms: performance.now() - started };
  } catch (e) {
    return { status: 0, bytes: Buffer.alloc(0), error: String(e?.message ?? e), ms: performance.now() - started };
  }
}

/** What a bundle holds: a PDF pdf-lib can open, its pages, and its bookmarks (one per part). */
async function readBundle(bytes) {
  const { PDFDocument } = createRequire(path.join(root, 'package.json'))('pdf-lib');
  const { readBookmarks } = createRequire(import.meta.url)(path.join(root, 'dist/apps/api/modules/rendering/pdf/pdf-finishing'));
  try {
    const doc = await PDFDocument.load(bytes);
    return { pdf: true, pages: doc.getPageCount(), bookmarks: await readBookmarks(bytes) };
  } catch (e) {
    return { pdf: false, error: String(e?.message ?? e) };
  }
}

/** The certificate.render jobs of these verifications (pg-boss's table) and the certificates issued for them. */
async function jobsAndCertificates(databaseUrl, ids) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const jobs = await client.query(
      `SELECT singleton_key AS key, state, retry_count FROM pgboss.job WHERE name = 'certificate.render' AND split_part(singleton_key, ':', 1) = ANY($1)`,
      [ids],
    );
    const certs = await client.query(
      `SELECT verification_id, revision::text, options, count(*)::int AS n, array_agg(code ORDER BY code) AS codes FROM rendering_certificates WHERE verification_id = ANY($1) GROUP BY 1, 2, 3`,
      [ids],
    );
    return { jobs: jobs.rows, certificates: certs.rows };
  } finally {
    await client.end();
  }
}

/** Waits until one of the jobs is being worked (state active), or the bundle request has ended. */
async function untilActive(databaseUrl, ids, ended, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !ended()) {
    const { jobs } = await jobsAndCertificates(databaseUrl, ids);
    if (jobs.some((j) => j.state === 'active')) return true;
    await sleep(25);
  }
  return false;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

async function bulkScenario(api, db, alice, certificates = 3) {
  const anna = await signIn(api.base, 'anna@mail.test');
  const open = await call(api.base, anna, 'GET', '/v1/application?status=OPEN&page=0&size=10');
  const applicationId = open.body?.content?.[0]?.id;
  if (!applicationId) throw new Error(`anna has no open application: ${open.status}`);

  // Three degrees (what Acme's application takes at most) University of Demo holds records of: checked automatically, then VERIFIED.
  const ids = [];
  for (let i = 0; i < certificates; i++) {
    const r = await submit(api.base, anna, `FAULT-BULK-${i}`, randomUUID());
    if (r.status !== 201 || !r.body?.id) throw new Error(`anna's submission ${i}: ${r.status} ${JSON.stringify(r.body)}`);
    ids.push(r.body.id);
  }
  const deadline = Date.now() + 120_000;
  for (const id of ids) {
    for (;;) {
      const v = await call(api.base, anna, 'GET', `/v1/verification/${id}`);
      if (v.body?.result === 'VERIFIED') break;
      if (Date.now() > deadline) throw new Error(`${id} is not VERIFIED after 120 s: ${v.body?.result}`);
      await sleep(300);
    }
  }
  const steps = [
    ['PUT', `/v1/application/${applicationId}/verification`, ids],
    ['PUT', `/v1/application/${applicationId}`, { fields: { candidateNumber: 'FAULT-BULK' }, documents: [{ requirementId: 'cv', name: 'Curriculum vitae', filename: 'cv.pdf', data: `data:application/pdf;base64,${PDF.toString('base64')}` }] }],
    ['PUT', `/v1/application/${applicationId}`, { status: 'PENDING' }],
  ];
  for (const [method, route, body] of steps) {
    const r = await call(api.base, anna, method, route, body);
    if (r.status !== 200) throw new Error(`${method} ${route}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  log(`anna's application ${applicationId} submitted with ${ids.length} verified degrees; alice asks for Download All`);

  const before = chromiumBelow(api.pid);
  let ended = false;
  const asked = bundle(api.base, alice, applicationId).finally(() => (ended = true));
  const active = await untilActive(db.url, ids, () => ended);
  const killed = chromiumBelow(api.pid);
  killAll(killed);
  log(`SIGKILLed ${killed.length} Chromium processes ${active ? 'with a certificate.render job active' : 'but no job was seen active'}`);
  let answer = await asked;
  let retriedAfterMs = null;
  if (answer.status !== 200) {
    await sleep(2000);
    retriedAfterMs = 2000;
    answer = await bundle(api.base, alice, applicationId);
  }
  const read = answer.status === 200 ? await readBundle(answer.bytes) : { pdf: false };
  const certificateMarks = (read.bookmarks ?? []).filter((b) => b.startsWith('Certificate: '));

  // The jobs end (a retried one included) before the ledger of jobs and certificates is read.
  let ledger;
  for (let i = 0; i < 120; i++) {
    ledger = await jobsAndCertificates(db.url, ids);
    if (ledger.jobs.every((j) => j.state === 'completed' || j.state === 'failed')) break;
    await sleep(500);
  }
  const again = await bundle(api.base, alice, applicationId);
  const againRead = again.status === 200 ? await readBundle(again.bytes) : { pdf: false };
  const after = await jobsAndCertificates(db.url, ids);
  const plain = (rows) => rows.filter((c) => c.options === 'notes=1;brand=-');
  const codes = (rows) => JSON.stringify(plain(rows).map((c) => [c.verification_id, c.codes]).sort());
  const jobStates = ledger.jobs.reduce((m, j) => ({ ...m, [j.state]: (m[j.state] ?? 0) + 1 }), {});
  const found = {
    applicationId,
    verifications: ids.length,
    chromium: { before: before.length, killed: killed.length, jobActiveAtKill: active },
    firstAnswer: { status: answer.status, ms: Math.round(answer.ms), retriedAfterMs },
    bundle: { pdf: read.pdf, pages: read.pages ?? null, certificates: certificateMarks.length, bookmarks: read.bookmarks?.length ?? 0 },
    jobs: { count: ledger.jobs.length, states: jobStates, retried: ledger.jobs.filter((j) => j.retry_count > 0).length },
    certificatesIssued: plain(ledger.certificates).reduce((n, c) => n + c.n, 0),
    issuedTwice: plain(ledger.certificates).filter((c) => c.n > 1).length,
    askedAgain: { status: again.status, pdf: againRead.pdf, certificates: (againRead.bookmarks ?? []).filter((b) => b.startsWith('Certificate: ')).length, sameCertificates: codes(after.certificates) === codes(ledger.certificates) },
  };
  const ok =
    answer.status === 200 &&
    read.pdf &&
    certificateMarks.length === ids.length &&
    killed.length > 0 &&
    active &&
    ledger.jobs.length === ids.length &&
    ledger.jobs.every((j) => j.state === 'completed') &&
    plain(ledger.certificates).length === ids.length &&
    found.issuedTwice === 0 &&
    found.askedAgain.status === 200 &&
    found.askedAgain.certificates === ids.length &&
    found.askedAgain.sameCertificates;
  return { found, ok };
}

async function comment(base, staff, id, text) {
  const res = await fetch(`${base}/admin/verifications/${id}/comment`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-AUTH-TOKEN': staff },
    body: JSON.stringify({ comment: text }),
  });
  if (res.status >= 300) throw new Error(`comment on ${id}: ${res.status} ${await res.text()}`);
}

export async function chromiumKillScenario() {
  const db = await database();
  let api;
  try {
    api = await startApi(db.url);
    const alice = await signIn(api.base, 'alice@acme.test');
    const staff = await signIn(api.base, 'admin@credence.test');
    const list = await fetch(`${api.base}/v1/verification?page=0&size=100`, { headers: { 'X-AUTH-TOKEN': alice } }).then((r) => r.json());
    const ids = (list.content ?? []).filter((v) => CERTIFIED.has(v.result)).map((v) => v.id);
    if (ids.length < 2) throw new Error(`alice has ${ids.length} verifications with a certificate: not enough to render under a kill`);

    // The browser starts with the first render.
    const warm = await download(api.base, alice, ids[0], true);
    if (!warm.pdf) throw new Error(`the first certificate did not render: ${warm.status}`);
    const before = chromiumBelow(api.pid);
    if (!before.length) throw new Error('no Chromium process found below the API after a render');
    log(`${ids.length} certificates; Chromium processes before the kill: ${before.length}`);

    // A new event on each: every certificate below must be rendered again, none served from the blob cache.
    for (const id of ids) await comment(api.base, staff, id, `fault scenario ${new Date().toISOString()}`);

    const asked = ids.flatMap((id) => [
      { id, ignoreNotes: false },
      { id, ignoreNotes: true },
    ]);
    const first = asked.map((a) => download(api.base, alice, a.id, a.ignoreNotes));
    await sleep(300);
    const killed = chromiumBelow(api.pid);
    killAll(killed);
    log(`SIGKILLed ${killed.length} Chromium processes with ${asked.length} downloads in flight`);
    const answers = await Promise.all(first);
    const failedFirst = answers.map((a, i) => ({ a, i })).filter(({ a }) => !a.pdf);
    await sleep(2000);
    const retried = await Promise.all(failedFirst.map(({ i }) => download(api.base, alice, asked[i].id, asked[i].ignoreNotes)));

    // After the kill: one more render of a new revision works, on a new browser.
    await comment(api.base, staff, ids[0], 'fault scenario: after the kill');
    const after = await download(api.base, alice, ids[0], false);
    const afterPids = chromiumBelow(api.pid);
    const restarted = afterPids.length > 0 && afterPids.every((p) => !before.includes(p));

    const statuses = (xs) => xs.reduce((m, x) => ({ ...m, [x.status]: (m[x.status] ?? 0) + 1 }), {});
    const stillFailed = retried.filter((r) => !r.pdf).length;
    const found = {
      apiAlive: api.alive(),
      firstTry: { pdfs: answers.filter((a) => a.pdf).length, failed: failedFirst.length, statuses: statuses(answers) },
      retried: { asked: retried.length, pdfs: retried.filter((r) => r.pdf).length, statuses: statuses(retried) },
      stillFailed,
      renderAfterKill: { status: after.status, pdf: after.pdf, ms: Math.round(after.ms) },
      chromium: { before: before.length, killed: killed.length, after: afterPids.length, restarted },
      slowestFirstTryMs: Math.round(Math.max(...answers.map((a) => a.ms))),
    };
    const single = found.apiAlive && stillFailed === 0 && after.pdf && killed.length > 0 && restarted;

    const bulk = await bulkScenario(api, db, alice);
    found.bulk = bulk.found;
    found.apiAlive = api.alive();
    const ok = single && bulk.ok && found.apiAlive;
    return { scenario: 'chromium-kill', did: { certificates: ids.length, downloads: asked.length, killAfterMs: 300, bulkCertificates: bulk.found.verifications }, found, ok };
  } finally {
    await api?.stop();
    await db.destroy();
  }
}
