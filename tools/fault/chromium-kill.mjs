// Scenario "chromium-kill": the API renders certificates with its own Chromium (a pool of pages in one browser).
// Alice's certificate-bearing verifications get a new event each (a staff comment), so no cached PDF can answer;
// then every one of them is downloaded with and without the institute's notes, all at once, and the Chromium
// processes the API started are SIGKILLed while those renders run. Each download that fails is asked again once
// after 2 s. Then: the API stayed up, every download ended with a PDF, a render after the kill works, and the
// browser was started again (new Chromium processes).
import { readFileSync, readdirSync } from 'node:fs';
import { database, log, signIn, sleep, startApi } from './lib.mjs';

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
    for (const pid of killed) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
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
    const ok = found.apiAlive && stillFailed === 0 && after.pdf && killed.length > 0 && restarted;
    return { scenario: 'chromium-kill', did: { certificates: ids.length, downloads: asked.length, killAfterMs: 300 }, found, ok };
  } finally {
    await api?.stop();
    await db.destroy();
  }
}
