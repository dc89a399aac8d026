import type { INestApplication } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { freshDatabase, waitFor } from '../../../test/fresh-database';
import { lossyQueue } from '../../../test/lossy-queue';
import { startTestApp } from '../../../test/test-app';
import type { QueueName } from '../queue/job-queue.port';
import { MailDeliverySweeper, MAIL_SWEEP_WINDOW_MS } from './mail-delivery.sweeper';
import { GetMailForStaff } from './mail-outbox.queries';
import { MailService } from './mail.service';
import { templates } from './mail.templates';

/**
 * Mail delivery over SMTP when a job goes missing: the queue lost it (Redis without persistence), its writer stopped
 * between the outbox row and the enqueue, or it ran before the transaction that wrote the mail committed. The SMTP
 * server is smtp-server's (nodemailer's own), on a free port, recording what it received; the queue is pg-boss.
 */
describe('mail delivery with a lost job (PostgreSQL, pg-boss, SMTP)', () => {
  jest.setTimeout(120_000);
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let smtp: SMTPServer;
  let mail: MailService;
  let sweeper: MailDeliverySweeper;
  /** Recipients of each message the SMTP server accepted, in order. */
  const received: string[] = [];
  /** While it holds 'mail.deliver', enqueues of deliveries are lost, as if the queue had dropped them. */
  let lose: Set<QueueName>;
  /** In the future by more than the sweep's age, so every undelivered mail counts as late. */
  const later = () => new Date(Date.now() + 10 * 60_000);
  const delivered = (to: string) => received.filter((r) => r === to).length;
  const sentAt = async (id: string) =>
    (await db.pool.query<{ sent_at: Date | null }>(`SELECT sent_at FROM mail_outbox WHERE id = $1`, [id]))
      .rows[0]?.sent_at ?? null;
  const jobStates = async (id: string) =>
    (
      await db.pool.query<{ state: string }>(
        `SELECT state FROM pgboss.job WHERE name = 'mail.deliver' AND singleton_key = $1`,
        [id],
      )
    ).rows.map((r) => r.state);
  /** Where the mail's delivery stands, as staff read it (the console's mails). */
  const delivery = async (id: string) =>
    ((await app.get(QueryBus).execute(new GetMailForStaff(id))) as { delivery: string }).delivery;
  /** Long enough for pg-boss's worker (0.5 s polls) to have run a job that was there. */
  const settle = () => new Promise((r) => setTimeout(r, 3000));
  const reset = (to: string) =>
    mail.send('passwordReset', to, { firstname: 'Pat', url: 'https://credence.test/x' });

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, done) {
        done(address.address === 'bounce@mail.test' ? new Error('No such user here') : undefined);
      },
      onData(stream, session, done) {
        stream.resume();
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    db = await freshDatabase('mail_sweep');
    // The timer stays off: the tests sweep by hand.
    ({ app } = await startTestApp({
      DATABASE_URL: db.url,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      STUCK_WORK_SWEEP_MS: '0',
    }));
    mail = app.get(MailService);
    sweeper = app.get(MailDeliverySweeper);
    ({ lose } = lossyQueue(app));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });
  afterEach(() => lose.clear());

  it('a mail whose job was lost is delivered once after the sweep, however many sweeps run at once', async () => {
    lose.add('mail.deliver');
    const id = await reset('lost@mail.test');
    await settle();
    expect(delivered('lost@mail.test')).toBe(0);
    expect(await jobStates(id)).toEqual([]);
    // Not yet older than the age: left alone. Staff see it waiting.
    expect(await sweeper.sweep(new Date())).not.toContain(id);
    expect(await delivery(id)).toBe('waiting');

    lose.clear();
    const [a, b] = await Promise.all([sweeper.sweep(later()), sweeper.sweep(later())]);
    expect(a).toContain(id);
    expect(b).toContain(id);
    await waitFor(async () => (await sentAt(id)) !== null, 20_000, `the delivery of ${id}`);
    // Delivered: a later sweep does not ask again, and nothing is sent twice.
    expect(await sweeper.sweep(later())).not.toContain(id);
    await settle();
    expect(delivered('lost@mail.test')).toBe(1);
    expect(await jobStates(id)).toEqual(['completed']);
    expect(await delivery(id)).toBe('delivered');
  });

  it('a mail of more than a day ago is left alone', async () => {
    lose.add('mail.deliver');
    const id = await reset('old@mail.test');
    lose.clear();
    expect(await sweeper.sweep(new Date(Date.now() + MAIL_SWEEP_WINDOW_MS + 60_000))).not.toContain(id);
    await settle();
    expect(await sentAt(id)).toBeNull();
    expect(delivered('old@mail.test')).toBe(0);
  });

  it('a mail written in a transaction is delivered once it commits, though its job ran before', async () => {
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      const id = await mail.send(
        'passwordReset',
        'tx@mail.test',
        { firstname: 'Tex', url: 'https://credence.test/y' },
        client,
      );
      // The job runs while the row is not committed: it fails and waits for its retry instead of ending done.
      await waitFor(
        async () => (await jobStates(id)).includes('retry'),
        20_000,
        `a failed first run of ${id}`,
      );
      expect(delivered('tx@mail.test')).toBe(0);
      await client.query('COMMIT');
      await waitFor(async () => (await sentAt(id)) !== null, 20_000, `the delivery of ${id}`);
      expect(delivered('tx@mail.test')).toBe(1);
    } finally {
      client.release();
    }
  });

  it('a mail written once by a job whose enqueue was lost is asked for again when the job runs again', async () => {
    const rendered = templates.passwordReset({ firstname: 'Rey', url: 'https://credence.test/z' });
    const id = '00000000-0000-4000-8000-00000000a11c';
    lose.add('mail.deliver');
    await mail.sendOnce(id, 'test.again', 'again@mail.test', rendered);
    lose.clear();
    // The job (a reactor, a notify job) is retried and writes the same mail: nothing new, but the delivery is asked for.
    await mail.sendOnce(id, 'test.again', 'again@mail.test', rendered);
    await waitFor(async () => (await sentAt(id)) !== null, 20_000, `the delivery of ${id}`);
    await mail.sendOnce(id, 'test.again', 'again@mail.test', rendered);
    await settle();
    expect(delivered('again@mail.test')).toBe(1);
    expect(
      (await db.pool.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE id = $1`, [id])).rows[0].n,
    ).toBe(1);
  });

  it('a mail the SMTP server refuses shows as failed, with its error, while the queue retries it', async () => {
    const id = await reset('bounce@mail.test');
    await waitFor(async () => (await delivery(id)) === 'failed', 20_000, `the first refusal of ${id}`);
    const mail = (await app.get(QueryBus).execute(new GetMailForStaff(id))) as {
      error: string;
      sentAt: unknown;
    };
    expect(mail.error).toContain('No such user here');
    expect(mail.sentAt).toBeNull();
    expect(delivered('bounce@mail.test')).toBe(0);
  });
});
