import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import type { AppConfig } from '../../config/config.schema';
import { APP_CONFIG } from '../../config/config.tokens';
import { PG_POOL } from '../database/database.tokens';
import { JOB_QUEUE, type JobQueue } from '../queue/job-queue.port';
import { createSmtpTransport, type MailTransport } from './smtp-transport';

/**
 * Delivers outbox mail over SMTP (SMTP_URL), once per mail id; a failure is retried by the queue. A mail written in
 * a transaction (MailService.send with a client) has its job enqueued before that transaction commits, so a job may
 * find no row yet: that is a failure too, retried a second later, not a job done (a job done keeps its key, and the
 * mail would never be asked for again). A mail whose transaction rolled back ends on the dead-letter list saying so.
 */
@Injectable()
export class SmtpDeliveryProcessor implements OnModuleInit {
  private transport: MailTransport | undefined;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit() {
    if (this.config.mail.kind !== 'smtp') return;
    this.transport = createSmtpTransport(this.config.mail.url);
    await this.queue.work('mail.deliver', async (job) => {
      const { rows } = await this.pool.query<{ to: string; subject: string; text: string; html: string; sent_at: Date | null }>(
        `SELECT "to", subject, text, html, sent_at FROM mail_outbox WHERE id = $1`,
        [job.payload.mailId],
      );
      const mail = rows[0];
      if (!mail) throw new Error(`mail ${job.payload.mailId} is not in the outbox: not committed yet, or rolled back`);
      if (mail.sent_at) return; // already delivered: a retried job has no second effect
      try {
        await this.transport!.send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        await this.pool.query(`UPDATE mail_outbox SET sent_at = now(), error = NULL WHERE id = $1`, [job.payload.mailId]);
      } catch (e) {
        await this.pool.query(`UPDATE mail_outbox SET error = $2 WHERE id = $1`, [job.payload.mailId, (e as Error).message]);
        throw e;
      }
    });
  }
}
