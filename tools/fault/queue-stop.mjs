// Scenario "queue-stop": the API on BullMQ (REDIS_URL) with the scenario's own redis-server (never the machine's),
// N keyed submissions in waves; redis-server is SIGKILLed in the middle and started again on the same port after
// ~5 s. Then: the API stayed up, every acknowledged submission exists once, and every submission's automatic
// check job (its effect: one AutomaticCheck* event in the verification's stream) ran exactly once.
// --no-persistence: redis-server keeps nothing on disk, so the kill loses the jobs enqueued and not yet run (their
// reactor has moved on); the API's stuck-checks sweep (STUCK_WORK_SWEEP_MS, STUCK_WORK_AGE_MS, set short here)
// enqueues them again, and the same checks must hold. `found.autoCheckLate` counts the checks that ran only after the
// sweep's age: those whose job the kill lost (or that waited behind the outage that long). The run also delivers
// mail over SMTP (smtp-server, nodemailer's own, on a free port) with the mail deliveries of that last second held
// too: every outbox mail must reach the SMTP server exactly once (the mail-delivery sweep asks again for those lost).
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../embedded-postgres.mjs';
import { database, ledger, log, pg, signIn, sleep, startApi, submit } from './lib.mjs';

/** The API's stuck-checks sweep in the --no-persistence run: every 2 s, for checks begun over 10 s ago. */
const SWEEP_ENV = { STUCK_WORK_SWEEP_MS: '2000', STUCK_WORK_AGE_MS: '10000' };

async function redis(port, dir, persistence) {
  const child = spawn(
    'redis-server',
    // Persisted as docker-compose.yml runs it (append-only file): Redis writes each command to the file before it
    // answers, so a SIGKILL loses nothing it acknowledged. Without it, a job enqueued just before the kill and not
    // yet run was gone with the process (its reactor had moved on): 3 runs in 8 hung at 59 of 60 checks, before the
    // API swept for stuck checks (--no-persistence runs it so, on purpose).
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      persistence ? 'yes' : 'no',
      '--dir',
      dir,
    ],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    if (
      spawnSync('redis-cli', ['-p', String(port), 'ping'])
        .stdout?.toString()
        .trim() === 'PONG'
    )
      return child;
    await sleep(100);
  }
  throw new Error('redis-server did not answer');
}

// BullMQ's keys of the automatic-check and mail-delivery queues (prefix `credence`, the adapter's default).
const AUTO_CHECK_KEY = 'credence:verification.auto-check';
const MAIL_KEY = 'credence:mail.deliver';
const redisCli = (port, ...args) =>
  spawnSync('redis-cli', ['-p', String(port), ...args])
    .stdout?.toString()
    .trim();

/**
 * Stops the workers taking automatic checks, as BullMQ's own Queue.pause() does (bullmq 6: the queue's meta hash
 * gets `paused`, its marker goes), so the checks enqueued from now on wait in Redis until the kill loses them.
 * The workers of other queues go on. The restarted, empty Redis has no such flag: the workers take jobs again.
 */
function pause(port, queueKey) {
  redisCli(port, 'HSET', `${queueKey}:meta`, 'paused', '1');
  redisCli(port, 'DEL', `${queueKey}:marker`);
}

/** An SMTP server on a free port that counts the messages it accepts. */
async function smtpSink() {
  const sink = { received: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      stream.resume();
      stream.on('end', () => {
        sink.received++;
        done();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.url = `smtp://127.0.0.1:${server.server.address().port}`;
  sink.close = () => new Promise((resolve) => server.close(resolve));
  return sink;
}

/** The outbox: mails written, and mails the API recorded as sent. */
async function outbox(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS written, count(sent_at)::int AS sent FROM mail_outbox`,
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

/** Per stream: how many automatic checks ran, and how long after the check began the first one was recorded. */
async function autoChecks(databaseUrl, streams) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT c.stream_name, count(*)::int AS n,
              (EXTRACT(EPOCH FROM min(c.recorded_at) - (SELECT min(s.recorded_at) FROM es_events s
                 WHERE s.stream_name = c.stream_name AND s.type = 'AutomaticCheckStarted')) * 1000)::int AS after_ms
         FROM es_events c
        WHERE c.stream_name = ANY($1) AND c.type IN ('AutomaticCheckMatched','AutomaticCheckFoundNoMatch') GROUP BY 1`,
      [streams],
    );
    const checks = new Map(rows.map((r) => [r.stream_name, r.n]));
    checks.afterMs = new Map(rows.map((r) => [r.stream_name, r.after_ms]));
    return checks;
  } finally {
    await client.end();
  }
}

export async function queueStopScenario({ submissions = 120, downMs = 5000, persistence = true } = {}) {
  if (spawnSync('sh', ['-c', 'command -v redis-server && command -v redis-cli']).status !== 0) {
    log('queue-stop needs redis-server and redis-cli on the PATH: skipped');
    return { scenario: 'queue-stop', skipped: 'redis-server not found', ok: true };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'credence-fault-redis-'));
  const port = await freePort();
  let server = await redis(port, dir, persistence);
  const db = await database();
  const smtp = persistence ? undefined : await smtpSink();
  let api;
  try {
    api = await startApi(db.url, {
      env: {
        REDIS_URL: `redis://127.0.0.1:${port}`,
        ...(persistence ? {} : { ...SWEEP_ENV, SMTP_URL: smtp.url }),
      },
    });
    log(`API (BullMQ on redis :${port}${persistence ? '' : ', no persistence'}) ready in ${api.readyMs} ms`);
    const tokens = [];
    for (const u of ['alice@acme.test', 'bob@acme.test', 'indy@mail.test', 'carol@globex.test'])
      tokens.push(await signIn(api.base, u));
    const requests = Array.from({ length: submissions }, (_, i) => ({
      ref: `FAULT-Q-${String(i).padStart(4, '0')}`,
      key: randomUUID(),
      token: tokens[i % tokens.length],
    }));
    const answers = new Array(submissions);
    let stoppedAt = 0;
    let restartedAt = 0;
    let waitingAtKill;
    let mailsWaitingAtKill;
    const outage = (async () => {
      if (persistence) await sleep(1500);
      else {
        // Workers take a check within milliseconds, so few would be waiting at the kill by chance: the checks of
        // the last second before it are held back, for the kill to lose and the sweep to find.
        await sleep(500);
        pause(port, AUTO_CHECK_KEY);
        pause(port, MAIL_KEY);
        await sleep(1000);
        waitingAtKill = Number(redisCli(port, 'LLEN', `${AUTO_CHECK_KEY}:wait`)) || 0;
        mailsWaitingAtKill = Number(redisCli(port, 'LLEN', `${MAIL_KEY}:wait`)) || 0;
      }
      stoppedAt = Date.now();
      server.kill('SIGKILL');
      log('redis-server SIGKILLed');
      await sleep(downMs);
      server = await redis(port, dir, persistence);
      restartedAt = Date.now();
      log(`redis-server back after ${restartedAt - stoppedAt} ms`);
    })();
    // Waves of 10 every 200 ms, so submissions fall before, during and after the outage.
    const inFlight = [];
    for (let i = 0; i < submissions; i += 10) {
      for (let j = i; j < Math.min(i + 10, submissions); j++)
        inFlight.push(
          submit(api.base, requests[j].token, requests[j].ref, requests[j].key).then((o) => (answers[j] = o)),
        );
      await sleep(200);
    }
    await Promise.all(inFlight);
    await outage;
    const firstStatuses = answers.reduce((m, a) => ((m[a.status] = (m[a.status] ?? 0) + 1), m), {});
    log(`first answers: ${JSON.stringify(firstStatuses)}`);
    // Retry what was not acknowledged (5xx or no answer) with its key.
    // Bounded in all (90 s), so a hang after the restart is reported by the scenario, within CI's hard timeout.
    let retries = 0;
    const retryDeadline = Date.now() + 90_000;
    for (let i = 0; i < submissions; i++) {
      for (
        let attempt = 1;
        attempt <= 10 && !(answers[i].status >= 200 && answers[i].status < 500) && Date.now() < retryDeadline;
        attempt++
      ) {
        retries++;
        await sleep(300 * attempt);
        answers[i] = await submit(api.base, requests[i].token, requests[i].ref, requests[i].key);
      }
    }
    const apiAlive = api.alive();
    log(
      `after ${retries} retries: ${JSON.stringify(answers.reduce((m, a) => ((m[a.status] = (m[a.status] ?? 0) + 1), m), {}))}; waiting for the automatic checks`,
    );
    // Wait for every stored verification's automatic check to have run.
    let book;
    let checks;
    const deadline = Date.now() + 90_000;
    for (;;) {
      book = await ledger(db.url, 'FAULT-Q-');
      checks = await autoChecks(db.url, book.streams);
      if (book.streams.every((s) => (checks.get(s) ?? 0) >= 1) || Date.now() > deadline) break;
      if (Date.now() % 10_000 < 1000)
        log(
          `automatic checks run: ${book.streams.filter((s) => checks.get(s)).length} of ${book.streams.length}`,
        );
      await sleep(1000);
    }
    let mail;
    if (smtp) {
      // Every mail written, delivered: the lost deliveries wait for the sweep's age.
      const mailDeadline = Date.now() + 60_000;
      for (;;) {
        mail = await outbox(db.url);
        if (mail.sent >= mail.written || Date.now() > mailDeadline) break;
        await sleep(1000);
      }
    }
    await sleep(3000); // any second run would show by now
    checks = await autoChecks(db.url, book.streams);
    if (smtp) mail = { ...(await outbox(db.url)), received: smtp.received };
    const acked = requests.filter((_, i) => answers[i].status >= 200 && answers[i].status < 300);
    const found = {
      apiStayedUp: apiAlive,
      acknowledged: acked.length,
      acknowledgedMissing: acked.filter((r) => !book.byRef.get(r.ref)).map((r) => r.ref),
      doubled: [...book.byRef].filter(([, n]) => n > 1).map(([ref]) => ref),
      statuses: answers.reduce((m, a) => ((m[a.status] = (m[a.status] ?? 0) + 1), m), {}),
      verificationsStored: book.streams.length,
      autoCheckRanOnce: book.streams.filter((s) => checks.get(s) === 1).length,
      autoCheckNeverRan: book.streams.filter((s) => !checks.get(s)).length,
      autoCheckRanTwice: book.streams.filter((s) => (checks.get(s) ?? 0) > 1).length,
      ...(persistence
        ? {}
        : {
            autoCheckLate: book.streams.filter(
              (s) => checks.afterMs.get(s) >= Number(SWEEP_ENV.STUCK_WORK_AGE_MS),
            ).length,
            mailsWritten: mail.written,
            mailsSent: mail.sent,
            mailsReceivedBySmtp: mail.received,
          }),
    };
    return {
      scenario: persistence ? 'queue-stop' : 'queue-stop --no-persistence',
      did: {
        submissions,
        redisDownMs: restartedAt - stoppedAt,
        retryRequests: retries,
        ...(persistence ? {} : { waitingAtKill, mailsWaitingAtKill }),
      },
      found,
      ok:
        apiAlive &&
        found.acknowledgedMissing.length === 0 &&
        found.doubled.length === 0 &&
        found.autoCheckNeverRan === 0 &&
        found.autoCheckRanTwice === 0 &&
        acked.length === submissions &&
        (!mail || (mail.written > 0 && mail.sent === mail.written && mail.received === mail.written)),
    };
  } finally {
    await api?.stop().catch(() => undefined);
    server.kill('SIGKILL');
    await smtp?.close();
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}
