import { verificationStream } from '@credence/domain';
import type { INestApplication } from '@nestjs/common';
import { signIn } from '../../../test/demo-sessions';
import { freshDatabase, waitFor } from '../../../test/fresh-database';
import { lossyQueue } from '../../../test/lossy-queue';
import { startTestApp } from '../../../test/test-app';
import { api, janeAtUniDemo } from '../../../test/verification-support';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port';
import type { QueueName } from '../queue/job-queue.port';
import { ProjectionsService } from './projections.service';
import { VerificationNotifySweeper } from '../../modules/verifications/jobs/verification-notify.sweeper';
import { ApplicationNotifySweeper } from '../../modules/applications/jobs/application-notify.sweeper';
import { ShareNotifySweeper } from '../../modules/sharing/jobs/share-notify.sweeper';
import type { NotifySweeper } from '../queue/notify-ledger';
import type { RecordedEvent } from '../event-store/event-store.port';

/**
 * Reactors that only enqueue keyed jobs run a second time, STUCK_WORK_AGE_MS behind (secondChance): a job the queue
 * lost after acknowledging it (Redis without persistence) is enqueued again once its event is that old. The loss is a
 * test double around the app's own queue that drops the chosen queue's enqueues; the jobs that exist are pg-boss's.
 */
describe('second-chance reactors (PostgreSQL, pg-boss)', () => {
  jest.setTimeout(120_000);
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let store: EventStore;
  let token: string;
  let lose: Set<QueueName>;
  const card = { creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce' } };

  const jobsKeyed = async (queue: QueueName, key: string) =>
    (
      await db.pool.query<{ state: string }>(
        `SELECT state FROM pgboss.job WHERE name = $1 AND singleton_key = $2`,
        [queue, key],
      )
    ).rows.map((r) => r.state);
  const checkResult = async (id: string) =>
    (await store.readStream(verificationStream(id))).find(
      (e) => e.type === 'AutomaticCheckMatched' || e.type === 'AutomaticCheckFoundNoMatch',
    );

  /** Until the reactor's second run (its ':again' checkpoint) has passed the event. */
  const untilSecondRunPast = (reactor: string, event: RecordedEvent) =>
    waitFor(
      async () => {
        const { rows } = await db.pool.query<{ commit: string; prepare: string }>(
          `SELECT commit_position AS commit, prepare_position AS prepare FROM projection_checkpoints WHERE name = $1`,
          [`${reactor}:again`],
        );
        const at = { commit: BigInt(rows[0].commit), prepare: BigInt(rows[0].prepare) };
        const ev = event.position;
        return at.commit > ev.commit || (at.commit === ev.commit && at.prepare >= ev.prepare);
      },
      20_000,
      'the second run past the event',
    );

  beforeAll(async () => {
    db = await freshDatabase('second_chance');
    // Events a second old get their second chance; the sweeps' own timer (an hour) stays out of the way.
    ({ app } = await startTestApp({
      DATABASE_URL: db.url,
      SEED_DEMO: 'true',
      STUCK_WORK_SWEEP_MS: '3600000',
      STUCK_WORK_AGE_MS: '1000',
    }));
    store = app.get<EventStore>(EVENT_STORE);
    token = (await signIn(app, 'alice@acme.test')).token;
    ({ lose } = lossyQueue(app));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('runs a second time, behind, for each reactor that only enqueues keyed jobs', async () => {
    await waitFor(
      async () =>
        (await db.pool.query(`SELECT 1 FROM projection_checkpoints WHERE name LIKE '%:again'`)).rowCount ===
        3,
      10_000,
      'the second-chance checkpoints',
    );
    const names = (
      await db.pool.query<{ name: string }>(
        `SELECT name FROM projection_checkpoints WHERE name LIKE '%:again' ORDER BY 1`,
      )
    ).rows.map((r) => r.name);
    expect(names).toEqual([
      'reactor:application-jobs:again',
      'reactor:share-mail:again',
      'reactor:verification-jobs:again',
    ]);
  });

  it("a lost mail job is enqueued again once its event is old enough, with the reactor's key, and runs once", async () => {
    const mailsBefore = (await db.pool.query(`SELECT count(*)::int AS n FROM mail_outbox`)).rows[0]
      .n as number;
    // How often the lagging runner reads the log: at its idle wait (a second), not at each append it is too young for.
    const again = (
      app.get(ProjectionsService) as unknown as {
        reactors: Map<string, { readAll: (...a: unknown[]) => unknown }>;
      }
    ).reactors.get('reactor:verification-jobs:again')!;
    const readAll = again.readAll.bind(again);
    let reads = 0;
    const startedAt = Date.now();
    again.readAll = (...a: unknown[]) => {
      reads++;
      return readAll(...a);
    };
    lose.add('verification.notify');
    const id = (
      await api(app, token)
        .post('/v1/verification', { ...janeAtUniDemo({ customerReference: 'AGAIN-1' }), ...card })
        .expect(201)
    ).body.id as string;
    await waitFor(async () => !!(await checkResult(id)), 20_000, `the automatic check of ${id}`);
    const eventId = (await checkResult(id))!.metadata.eventId;
    // The live reactor's enqueue was lost: no job, no mail.
    expect(await jobsKeyed('verification.notify', eventId)).toEqual([]);
    lose.clear();

    await waitFor(
      async () => (await jobsKeyed('verification.notify', eventId)).includes('completed'),
      20_000,
      `the second-chance mail job of ${eventId}`,
    );
    expect(await jobsKeyed('verification.notify', eventId)).toEqual(['completed']);
    expect(reads).toBeLessThanOrEqual(2 * Math.ceil((Date.now() - startedAt) / 1000) + 5);
    const mailsAfter = (await db.pool.query(`SELECT count(*)::int AS n FROM mail_outbox`)).rows[0]
      .n as number;
    expect(mailsAfter).toBeGreaterThan(mailsBefore);
    // The automatic check's own job was enqueued twice (live, then the second chance): one job, one check.
    const checkId = (await store.readStream(verificationStream(id))).find(
      (e) => e.type === 'AutomaticCheckStarted',
    )!.data as { checkId: string };
    await waitFor(
      async () => (await jobsKeyed('verification.auto-check', checkId.checkId)).includes('completed'),
      20_000,
      `the automatic check job of ${id}`,
    );
    expect(await jobsKeyed('verification.auto-check', checkId.checkId)).toEqual(['completed']);
    await new Promise((r) => setTimeout(r, 2500));
    const checks = (await store.readStream(verificationStream(id))).filter(
      (e) => e.type === 'AutomaticCheckMatched' || e.type === 'AutomaticCheckFoundNoMatch',
    );
    expect(checks).toHaveLength(1);
  });

  it('a mail job lost again at the second run is asked for by the ledger sweep, and runs once', async () => {
    const ledger = async (eventId: string) =>
      (
        await db.pool.query<{ done: boolean }>(
          `SELECT done_at IS NOT NULL AS done FROM notify_ledger WHERE event_id = $1`,
          [eventId],
        )
      ).rows.map((r) => r.done);
    const sweeper = app.get(VerificationNotifySweeper);
    lose.add('verification.notify');
    const id = (
      await api(app, token)
        .post('/v1/verification', { ...janeAtUniDemo({ customerReference: 'AGAIN-2' }), ...card })
        .expect(201)
    ).body.id as string;
    await waitFor(async () => !!(await checkResult(id)), 20_000, `the automatic check of ${id}`);
    const result = (await checkResult(id))!;
    const { eventId } = result.metadata;
    // The reactor (which runs after the append, on its own) opened the ledger row before its lost enqueue.
    await waitFor(async () => (await ledger(eventId)).length === 1, 20_000, `the ledger row of ${eventId}`);
    expect(await ledger(eventId)).toEqual([false]);
    // The second run passes the event, a second old, and its enqueue is lost too.
    await untilSecondRunPast('reactor:verification-jobs', result);
    expect(await jobsKeyed('verification.notify', eventId)).toEqual([]);
    expect(await ledger(eventId)).toEqual([false]);
    lose.clear();

    // Too young for a sweep an hour ago; then the sweep of now asks for it, once.
    expect((await sweeper.sweep(new Date(Date.now() - 3_600_000))).enqueued).not.toContain(eventId);
    // (Age 0: the row may be younger than STUCK_WORK_AGE_MS here, the reactor having opened it after the append.)
    expect((await sweeper.sweep(new Date(), 0)).enqueued).toContain(eventId);
    // The processor closes the row from inside the job; pg-boss marks the job completed only after it returns.
    await waitFor(
      async () =>
        (await ledger(eventId))[0] === true &&
        (await jobsKeyed('verification.notify', eventId)).includes('completed'),
      20_000,
      `the swept mail job of ${eventId}`,
    );
    expect(await jobsKeyed('verification.notify', eventId)).toEqual(['completed']);
    const mails = await db.pool.query<{ template: string }>(
      `SELECT template FROM mail_outbox WHERE text LIKE '%' || $1 || '%'`,
      [id],
    );
    expect(mails.rows.length).toBeGreaterThan(0);
    // Done: the next sweep leaves it alone.
    expect((await sweeper.sweep(new Date(), 0)).enqueued).not.toContain(eventId);
  });

  /**
   * The same for the other mail queues (migration 0010): the job lost live and at the second run, the ledger row left
   * open, the sweep asks again, the mail is written once, the row closes, and the next sweep leaves it.
   */
  async function lostTwiceThenSwept(
    queue: 'application.notify' | 'share.notify',
    reactor: string,
    sweeper: NotifySweeper<'application.notify' | 'share.notify'>,
    act: () => Promise<RecordedEvent>,
    mailsOf: () => Promise<number>,
  ) {
    const ledger = async (eventId: string) =>
      (
        await db.pool.query<{ done: boolean; queue: string }>(
          `SELECT done_at IS NOT NULL AS done, queue FROM notify_ledger WHERE event_id = $1`,
          [eventId],
        )
      ).rows;
    const before = await mailsOf();
    lose.add(queue);
    const event = await act();
    const { eventId } = event.metadata;
    await waitFor(async () => (await ledger(eventId)).length === 1, 20_000, `the ledger row of ${eventId}`);
    expect(await ledger(eventId)).toEqual([{ done: false, queue }]);
    await untilSecondRunPast(reactor, event);
    expect(await jobsKeyed(queue, eventId)).toEqual([]);
    expect(await mailsOf()).toBe(before);
    lose.clear();

    expect((await sweeper.sweep(new Date(Date.now() - 3_600_000))).enqueued).not.toContain(eventId);
    expect((await sweeper.sweep(new Date(), 0)).enqueued).toContain(eventId);
    // The processor closes the row from inside the job; pg-boss marks the job completed only after it returns.
    await waitFor(
      async () =>
        (await ledger(eventId))[0]?.done === true && (await jobsKeyed(queue, eventId)).includes('completed'),
      20_000,
      `the swept job of ${eventId}`,
    );
    expect(await jobsKeyed(queue, eventId)).toEqual(['completed']);
    expect(await mailsOf()).toBe(before + 1);
    expect((await sweeper.sweep(new Date(), 0)).enqueued).not.toContain(eventId);
  }

  it("an application's mail (archived) lost twice is asked for by the ledger sweep, and written once", async () => {
    const jane = (await signIn(app, 'jane@mail.test')).token;
    const [application] = (await api(app, jane).get('/v1/application').expect(200)).body.content as {
      id: string;
    }[];
    const mails = async () =>
      (
        await db.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM mail_outbox WHERE "to" = 'jane@mail.test' AND template = 'application.archived'`,
        )
      ).rows[0].n;
    await lostTwiceThenSwept(
      'application.notify',
      'reactor:application-jobs',
      app.get(ApplicationNotifySweeper),
      async () => {
        await api(app, token).put(`/v1/application/${application.id}`, { status: 'ARCHIVED' }).expect(200);
        return waitFor(
          async () =>
            (await store.readStream(`application-${application.id}`)).find(
              (e) => e.type === 'ApplicationArchived',
            ),
          20_000,
          'the archive event',
        );
      },
      mails,
    );
  });

  it("a private share's invitation lost twice is asked for by the ledger sweep, and written once", async () => {
    const indy = (await signIn(app, 'indy@mail.test')).token;
    const invitee = 'swept.invitee@mail.test';
    const mails = async () =>
      (
        await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_outbox WHERE "to" = $1`, [
          invitee,
        ])
      ).rows[0].n;
    await lostTwiceThenSwept(
      'share.notify',
      'reactor:share-mail',
      app.get(ShareNotifySweeper),
      async () => {
        const share = (
          await api(app, indy).post('/v1/wallet/share', { key: invitee, type: 'PRIVATE' }).expect(201)
        ).body as { id: string };
        return (await store.readStream(`share-${share.id}`)).find((e) => e.type === 'ShareCreated')!;
      },
      mails,
    );
  });
});
