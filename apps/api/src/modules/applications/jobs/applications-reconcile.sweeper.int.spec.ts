import { applicationStream } from '@credence/domain';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { linkIn, mailsTo, signIn } from '../../../../test/demo-sessions';
import { freshDatabase, waitFor } from '../../../../test/fresh-database';
import { lossyQueue } from '../../../../test/lossy-queue';
import { startTestApp } from '../../../../test/test-app';
import {
  api,
  janeAtUniDemo,
  pdfDataUrl,
  readModelsCaughtUp,
  untilResult,
} from '../../../../test/verification-support';
import { EVENT_STORE, type EventStore } from '../../../infrastructure/event-store/event-store.port';
import type { QueueName } from '../../../infrastructure/queue/job-queue.port';
import { ApplicationsReconcileSweeper, RECONCILE_SWEEP_WINDOW_MS } from './applications-reconcile.sweeper';

/**
 * A queue that lost an application's reconcile (Redis without persistence, restarted): the application stays
 * pending after its verification's result until the sweep enqueues a reconcile again. The loss is a test double
 * around the app's own queue that drops the chosen queue's enqueues; the jobs that do exist are pg-boss's rows.
 */
describe('ApplicationsReconcileSweeper (PostgreSQL, pg-boss)', () => {
  jest.setTimeout(180_000);
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let store: EventStore;
  let sweeper: ApplicationsReconcileSweeper;
  let staff: string;
  const card = { creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false } };
  /** Enqueues to these queues are lost, as if the queue had dropped them. */
  let lose: Set<QueueName>;
  /** In the future by more than the sweep's age, so every member change counts as old enough. */
  const later = () => new Date(Date.now() + 10 * 60_000);
  /** Long enough for pg-boss's worker (0.5 s polls) to have run a job that was there. */
  const settle = () => new Promise((r) => setTimeout(r, 3000));

  const applicationEvents = async (id: string) =>
    (await store.readStream(applicationStream(id))).map((e) => e.type);
  const statusOf = async (id: string) =>
    (await db.pool.query<{ status: string }>(`SELECT status FROM rm_application WHERE id = $1`, [id])).rows[0]
      .status;
  const sweepJobs = async (id: string) =>
    (
      await db.pool.query<{ key: string; state: string }>(
        `SELECT singleton_key AS key, state FROM pgboss.job
          WHERE name = 'application.reconcile' AND singleton_key LIKE $1`,
        [`sweep:${id}:%`],
      )
    ).rows;

  /**
   * An applicant invited by Acme submits their application with a degree check (University of Demo: verified by
   * the automatic check); the application and the verification's ids.
   */
  const submitApplication = async (who: string) => {
    const email = `${who}@mail.test`;
    await api(app, (await signIn(app, 'alice@acme.test')).token)
      .post('/v1/register/applicant', { email, firstname: who, lastname: 'Sweep' })
      .expect(204);
    const regToken = linkIn((await mailsTo(app, email, staff))[0].text, '/login/register/');
    await request(app.getHttpServer())
      .put(`/v1/register/${regToken}`)
      .send({
        password: 'Sweep-pass1',
        confirmPassword: 'Sweep-pass1',
        company: { addressCountry: { id: 'GB' } },
      })
      .expect(204);
    const token = (await signIn(app, email, { password: 'Sweep-pass1' })).token;
    const [application] = (await api(app, token).get('/v1/application?status=OPEN').expect(200)).body
      .content as { id: string }[];
    await api(app, token)
      .put(`/v1/application/${application.id}`, {
        fields: { candidateNumber: `S-${who}` },
        documents: [{ requirementId: 'cv', data: pdfDataUrl() }],
      })
      .expect(200);
    const made = await api(app, token)
      .post('/v1/verification', {
        ...janeAtUniDemo(),
        customerReference: null,
        applicationId: application.id,
        ...card,
      })
      .expect(201);
    await untilResult(app, token, made.body.id as string, 'VERIFIED');
    await readModelsCaughtUp(app);
    await settle();
    await readModelsCaughtUp(app);
    return application.id;
  };

  beforeAll(async () => {
    db = await freshDatabase('applications_reconcile_sweep');
    // The timer stays off: the tests sweep by hand.
    ({ app } = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true', STUCK_WORK_SWEEP_MS: '0' }));
    store = app.get<EventStore>(EVENT_STORE);
    sweeper = app.get(ApplicationsReconcileSweeper);
    staff = (await signIn(app, 'admin@credence.test')).token;
    ({ lose } = lossyQueue(app));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });
  afterEach(() => lose.clear());

  it('an application whose reconcile was lost completes once after the sweep, however many sweeps run', async () => {
    lose.add('application.reconcile');
    const id = await submitApplication('lost');
    expect(await statusOf(id)).toBe('PENDING'); // stuck: nothing will take stock of the verified check
    // Not yet older than the age: left alone.
    expect(await sweeper.sweep(new Date())).not.toContain(id);

    // A member change older than the sweep's window (a day) is left alone.
    expect(await sweeper.sweep(new Date(Date.now() + RECONCILE_SWEEP_WINDOW_MS + 60_000))).not.toContain(id);

    lose.clear();
    // Two replicas sweeping the same state at the same moment, then one more: one job between them.
    const [a, b] = await Promise.all([sweeper.sweep(later()), sweeper.sweep(later())]);
    expect(a).toContain(id);
    expect(b).toContain(id);
    await sweeper.sweep(later());
    await waitFor(
      async () => ((await statusOf(id)) === 'COMPLETED' ? true : undefined),
      20_000,
      `${id} completed`,
    );
    await settle();
    await readModelsCaughtUp(app);
    // Completed: a sweep after it finds nothing of it.
    expect(await sweeper.sweep(later())).not.toContain(id);
    await settle();
    expect((await applicationEvents(id)).filter((t) => t === 'ApplicationCompleted')).toHaveLength(1);
    expect((await sweepJobs(id)).map((j) => j.state)).toEqual(['completed']);
  });

  it('an application whose reconcile ran is left alone: nothing enqueued', async () => {
    const id = await submitApplication('kept');
    expect(await statusOf(id)).toBe('COMPLETED');
    expect(await sweeper.sweep(later())).not.toContain(id);
    await settle();
    expect(await sweepJobs(id)).toEqual([]);
  });

  it('an application still following its verifications, with no change since its last event, is left alone', async () => {
    // Anna (demo) submits her open application with her wallet's verifications: one needs her (NOT_FOUND), so it
    // waits for her (APPLICANT_ACTION); none of them changes after the submission.
    const anna = (await signIn(app, 'anna@mail.test')).token;
    const [mine] = (await api(app, anna).get('/v1/application?status=OPEN').expect(200)).body.content as {
      id: string;
    }[];
    const wallet = (await api(app, anna).get('/v1/verification').expect(200)).body.content as {
      id: string;
    }[];
    await api(app, anna)
      .put(
        `/v1/application/${mine.id}/verification`,
        wallet.map((v) => v.id),
      )
      .expect(200);
    await api(app, anna)
      .put(`/v1/application/${mine.id}`, {
        fields: { candidateNumber: 'CAND-0001' },
        documents: [{ requirementId: 'cv', data: pdfDataUrl() }],
      })
      .expect(200);
    await api(app, anna).put(`/v1/application/${mine.id}`, { status: 'PENDING' }).expect(200);
    await settle();
    await readModelsCaughtUp(app);
    expect(await statusOf(mine.id)).toBe('APPLICANT_ACTION');

    expect(await sweeper.sweep(later())).not.toContain(mine.id);
    await settle();
    expect(await sweepJobs(mine.id)).toEqual([]);
  });
});
