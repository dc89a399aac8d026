import { verificationStream } from '@credence/domain';
import type { INestApplication } from '@nestjs/common';
import { signIn } from '../../../../test/demo-sessions';
import { freshDatabase, waitFor } from '../../../../test/fresh-database';
import { lossyQueue } from '../../../../test/lossy-queue';
import { startTestApp } from '../../../../test/test-app';
import { api, janeAtUniDemo, readModelsCaughtUp } from '../../../../test/verification-support';
import { EVENT_STORE, type EventStore } from '../../../infrastructure/event-store/event-store.port';
import type { QueueName } from '../../../infrastructure/queue/job-queue.port';
import { SandboxIdentityProvider } from '../ports/sandbox-identity-provider';
import { StuckChecksSweeper } from './stuck-checks.sweeper';

/**
 * A queue that lost a check's job (Redis without persistence, restarted): the verification stays in its check until
 * the sweep enqueues the job again with the reactor's key. The loss is a test double around the app's own queue that
 * drops the chosen queue's enqueues; the jobs that do exist are pg-boss's rows (schema pgboss).
 */
describe('StuckChecksSweeper (PostgreSQL, pg-boss)', () => {
  jest.setTimeout(180_000);
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let store: EventStore;
  let sweeper: StuckChecksSweeper;
  let token: string;
  const card = { creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce' } };
  /** Enqueues to these queues are lost (or delayed a long time), as if the queue had dropped them. */
  let lose: Set<QueueName>;
  let delay: Set<QueueName>;
  /** In the future by more than the sweep's age, so every check in progress counts as stuck. */
  const later = () => new Date(Date.now() + 10 * 60_000);

  const eventTypes = async (id: string) =>
    (await store.readStream(verificationStream(id))).map((e) => e.type);
  const autoCheckEvents = async (id: string) =>
    (await eventTypes(id)).filter((t) => t === 'AutomaticCheckMatched' || t === 'AutomaticCheckFoundNoMatch')
      .length;
  const jobsKeyed = async (queue: QueueName, key: string) =>
    (
      await db.pool.query<{ state: string }>(
        `SELECT state FROM pgboss.job WHERE name = $1 AND singleton_key = $2`,
        [queue, key],
      )
    ).rows;
  const checkIdOf = async (id: string) =>
    (
      await db.pool.query<{ checkId: string }>(
        `SELECT state->>'checkId' AS "checkId" FROM rm_verification_detail WHERE id = $1`,
        [id],
      )
    ).rows[0].checkId;
  /** Submitted and paid: the automatic check starts at once (its job is the reactor's). */
  const submitJane = async (reference: string) =>
    (
      await api(app, token)
        .post('/v1/verification', { ...janeAtUniDemo({ customerReference: reference }), ...card })
        .expect(201)
    ).body.id as string;
  /** Long enough for pg-boss's worker (0.5 s polls) to have run a job that was there. */
  const settle = () => new Promise((r) => setTimeout(r, 3000));

  beforeAll(async () => {
    db = await freshDatabase('stuck_checks');
    // The timer stays off: the tests sweep by hand.
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true', STUCK_WORK_SWEEP_MS: '0' }));
    store = app.get<EventStore>(EVENT_STORE);
    sweeper = app.get(StuckChecksSweeper);
    // Acme may also order identity checks (before signing in: the session carries what it may order).
    await db.pool.query(
      `UPDATE companies SET allowed_types = '["edu","emp","idc","arf","hsc"]' WHERE id = 'acme'`,
    );
    token = (await signIn(app, 'alice@acme.test')).token;
    ({ lose, delay } = lossyQueue(app));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });
  afterEach(() => {
    lose.clear();
    delay.clear();
  });

  it('an automatic check whose job was lost runs once after the sweep, however many sweeps run at once', async () => {
    lose.add('verification.auto-check');
    const id = await submitJane('STUCK-LOST');
    await readModelsCaughtUp(app);
    await settle();
    expect(await autoCheckEvents(id)).toBe(0); // stuck: nothing will run it
    const checkId = await checkIdOf(id);
    // Not yet older than the age: left alone.
    expect((await sweeper.sweep(new Date())).autoChecks).not.toContain(id);

    lose.clear();
    // Two replicas sweeping at the same moment.
    const [a, b] = await Promise.all([sweeper.sweep(later()), sweeper.sweep(later())]);
    expect(a.autoChecks).toContain(id);
    expect(b.autoChecks).toContain(id);
    await waitFor(async () => (await autoCheckEvents(id)) > 0, 20_000, `the automatic check of ${id}`);
    await settle();
    await readModelsCaughtUp(app);
    // A sweep after the check finds nothing of it.
    expect((await sweeper.sweep(later())).autoChecks).not.toContain(id);
    await settle();
    expect(await autoCheckEvents(id)).toBe(1);
    expect(await jobsKeyed('verification.auto-check', checkId)).toEqual([{ state: 'completed' }]);
  });

  it('an automatic check whose job still waits is not enqueued twice: the job runs once, when it is due', async () => {
    delay.add('verification.auto-check');
    const id = await submitJane('STUCK-WAITING');
    await readModelsCaughtUp(app);
    const checkId = await checkIdOf(id);
    await waitFor(
      async () => (await jobsKeyed('verification.auto-check', checkId)).length > 0,
      10_000,
      `the job of ${id}`,
    );
    delay.clear();

    expect((await sweeper.sweep(later())).autoChecks).toContain(id);
    await settle();
    // The sweep's enqueue was a no-op: still the one job, still waiting out its delay, and no check has run.
    expect(await jobsKeyed('verification.auto-check', checkId)).toEqual([{ state: 'created' }]);
    expect(await autoCheckEvents(id)).toBe(0);

    // Due now: it runs, once.
    await db.pool.query(
      `UPDATE pgboss.job SET start_after = now() WHERE name = 'verification.auto-check' AND singleton_key = $1`,
      [checkId],
    );
    await waitFor(async () => (await autoCheckEvents(id)) > 0, 20_000, `the automatic check of ${id}`);
    await settle();
    expect(await autoCheckEvents(id)).toBe(1);
    expect(await jobsKeyed('verification.auto-check', checkId)).toEqual([{ state: 'completed' }]);
  });

  it("an identity check whose first poll was lost restarts its polls at the reactor's key and is decided once", async () => {
    app.get(SandboxIdentityProvider).configure({ completeAfterMs: 300 });
    const created = await api(app, token)
      .post('/v1/verification', {
        type: 'IDENTITY',
        fields: { firstname: 'Ida', surname: 'Dent', dob: '1980-06-01' },
        consent: true,
        ...card,
      })
      .expect(201);
    const id = created.body.id as string;
    const applicant = (
      await api(app, token)
        .post('/v1/id/init', { firstname: 'Ida', lastname: 'Dent', dob: '01/06/1980' })
        .expect(200)
    ).body.applicantID as string;
    await api(app, token).post(`/v1/id/sandbox/${applicant}/document`).expect(200);
    await api(app, token).post(`/v1/id/sandbox/${applicant}/face`).expect(200);
    lose.add('verification.identity-check');
    await api(app, token)
      .put(`/v1/verification/${id}?resub=true&push=true`, { supplierId: applicant })
      .expect(200);
    await readModelsCaughtUp(app);
    await settle();
    expect(await eventTypes(id)).not.toContain('IdentityCheckCompleted');
    const checkId = await checkIdOf(id);

    lose.clear();
    expect((await sweeper.sweep(later())).identityChecks).toContain(id);
    await waitFor(
      async () => (await eventTypes(id)).includes('IdentityCheckCompleted'),
      20_000,
      `the identity verdict of ${id}`,
    );
    // Swept again while the verdict is being recorded or after it: nothing more.
    await sweeper.sweep(later());
    await settle();
    expect((await eventTypes(id)).filter((t) => t === 'IdentityCheckCompleted')).toHaveLength(1);
    const polls = await db.pool.query<{ key: string }>(
      `SELECT singleton_key AS key FROM pgboss.job WHERE name = 'verification.identity-check' AND data->>'verificationId' = $1`,
      [id],
    );
    expect(polls.rows.map((r) => r.key)).toEqual([`${checkId}:0`]);
  });
});
