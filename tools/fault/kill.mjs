// Scenario "kill": SIGKILL the API in the middle of N concurrent submissions (card-paid), start it again, and let
// every client whose request was not acknowledged retry it with its Idempotency-Key. Then: every acknowledged
// submission exists exactly once, nothing is doubled, no verification is paid twice, and the read models equal a
// rebuild from the event log.
import { randomUUID } from 'node:crypto';
import { database, keyedWithoutVerification, ledger, log, projectionsCaughtUp, readModelChecksums, readModelDifferences, rebuildAll, signIn, sleep, snapshotReadModels, startApi, submit } from './lib.mjs';

export async function killScenario({ submissions = 200, killAtFraction = 0.3 } = {}) {
  const db = await database();
  let api;
  try {
    api = await startApi(db.url);
    log(`API ready in ${api.readyMs} ms; signing in`);
    const tokens = [];
    for (const u of ['alice@acme.test', 'bob@acme.test', 'indy@mail.test', 'carol@globex.test']) tokens.push(await signIn(api.base, u));

    const requests = Array.from({ length: submissions }, (_, i) => ({ ref: `FAULT-K-${String(i).padStart(4, '0')}`, key: randomUUID(), token: tokens[i % tokens.length] }));
    const first = new Array(submissions);
    let acked = 0;
    const started = Date.now();
    const inFlight = requests.map((r, i) =>
      submit(api.base, r.token, r.ref, r.key).then((o) => {
        first[i] = o;
        if (o.status >= 200 && o.status < 300) acked++;
      }),
    );
    const killAt = Math.max(1, Math.round(submissions * killAtFraction));
    while (acked < killAt && Date.now() - started < 120_000) await sleep(10);
    const killedAfterMs = Date.now() - started;
    const ackedAtKill = acked;
    await api.kill9();
    log(`killed the API (SIGKILL) after ${killedAfterMs} ms with ${ackedAtKill} of ${submissions} acknowledged`);
    await Promise.all(inFlight);

    const restartAt = Date.now();
    api = await startApi(db.url, { port: api.port });
    const restartMs = Date.now() - restartAt;
    log(`API back in ${restartMs} ms; retrying the unacknowledged requests with their keys`);

    const unacked = requests.map((r, i) => ({ ...r, i })).filter(({ i }) => !(first[i].status >= 200 && first[i].status < 500));
    const finals = new Map();
    let retries = 0;
    await Promise.all(
      unacked.map(async (r) => {
        for (let attempt = 1; attempt <= 20; attempt++) {
          retries++;
          const o = await submit(api.base, r.token, r.ref, r.key);
          const busy = o.status === 409 && o.body?.errors?.[0]?.code === 'QC-IDEMPOTENCY-BUSY';
          if (o.status !== 0 && o.status < 500 && !busy) {
            finals.set(r.i, o);
            return;
          }
          await sleep(500 * attempt);
        }
        finals.set(r.i, { status: 0, error: 'gave up' });
      }),
    );

    await projectionsCaughtUp(db.url);
    const book = await ledger(db.url, 'FAULT-K-');
    const outcome = requests.map((r, i) => {
      const answer = finals.get(i) ?? first[i];
      return { ref: r.ref, firstStatus: first[i].status, finalStatus: answer.status, code: answer.body?.errors?.[0]?.code, count: book.byRef.get(r.ref) ?? 0 };
    });
    const ackedFirst = outcome.filter((o) => o.firstStatus >= 200 && o.firstStatus < 300);
    const retriedOk = outcome.filter((o) => o.firstStatus === 0 && o.finalStatus >= 200 && o.finalStatus < 300);
    const answerLost = outcome.filter((o) => o.code === 'QC-IDEMPOTENCY-ANSWER-LOST');
    const refusedFirst = outcome.filter((o) => o.firstStatus >= 400 && o.firstStatus < 500);
    const paidTwice = [...book.paymentsByStream.values()].filter((n) => n > 1).length;
    const orphans = await keyedWithoutVerification(db.url);

    // Read models against a rebuild from the log, with the API stopped so nothing moves meanwhile.
    await api.stop();
    const live = await readModelChecksums(db.url);
    await snapshotReadModels(db.url);
    rebuildAll(db.url);
    const rebuilt = await readModelChecksums(db.url);
    const differing = Object.keys(live).filter((t) => live[t] !== rebuilt[t]);
    const differences = differing.length ? await readModelDifferences(db.url, differing) : {};

    const result = {
      scenario: 'kill',
      did: {
        submissions,
        killedAfterMs,
        ackedBeforeKill: ackedAtKill,
        failedAtKill: outcome.filter((o) => o.firstStatus === 0).length,
        apiRestartMs: restartMs,
        retryRequests: retries,
      },
      found: {
        acknowledged: ackedFirst.length + retriedOk.length,
        acknowledgedMissing: [...ackedFirst, ...retriedOk].filter((o) => o.count === 0).map((o) => o.ref),
        doubled: outcome.filter((o) => o.count > 1).map((o) => o.ref),
        retriedAndCreatedOnce: retriedOk.filter((o) => o.count === 1).length,
        answerLostButStoredOnce: answerLost.filter((o) => o.count === 1).length,
        answerLostNotStored: answerLost.filter((o) => o.count === 0).map((o) => o.ref),
        keyedRequestsWithEventsButNoVerification: orphans,
        retriedOtherAnswers: outcome
          .filter((o) => o.firstStatus === 0 && !(o.finalStatus >= 200 && o.finalStatus < 300) && o.code !== 'QC-IDEMPOTENCY-ANSWER-LOST')
          .map((o) => `${o.ref}:${o.finalStatus}:${o.code ?? ''}:stored ${o.count}`),
        refusedFirstTime: refusedFirst.map((o) => `${o.ref}:${o.firstStatus}`),
        neverAnswered: outcome.filter((o) => o.finalStatus === 0).map((o) => o.ref),
        verificationsStored: book.streams.length,
        verificationsPaidTwice: paidTwice,
        readModelsEqualRebuild: differing.length === 0,
        readModelTablesCompared: Object.keys(live).length,
        differingTables: differing,
        differences,
      },
    };
    // A keyed submission whose money was committed (a card charge, credit spent) without its verification: the
    // client was told its answer was lost, and the retry may not run it again; paid for nothing.
    result.ok =
      result.found.acknowledgedMissing.length === 0 &&
      result.found.doubled.length === 0 &&
      paidTwice === 0 &&
      differing.length === 0 &&
      result.found.neverAnswered.length === 0 &&
      orphans.length === 0;
    return result;
  } finally {
    await api?.stop().catch(() => undefined);
    await db.destroy();
  }
}
