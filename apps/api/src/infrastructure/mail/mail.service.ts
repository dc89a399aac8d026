import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { AppConfig } from '../../config/config.schema';
import { APP_CONFIG } from '../../config/config.tokens';
import { PG_POOL } from '../database/database.tokens';
import { JOB_QUEUE, type JobQueue } from '../queue/job-queue.port';
import { templates, type RenderedMail, type TemplateData, type TemplateName } from './mail.templates';

/**
 * Every e-mail goes into the outbox table (mail_outbox, made by the migrations) first (in the caller's transaction
 * when one is given), so staff can read what was sent. With SMTP_URL set, a 'mail.deliver' job keyed by the mail's
 * id then delivers it (MailDeliverySweeper asks again for mails whose job a queue lost); in the embedded default the
 * outbox is where mail ends, and the log says that one was written (never to whom or what: those are personal data
 * and secrets).
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async companyName(companyId: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ name: string }>(`SELECT name FROM companies WHERE id = $1`, [
      companyId,
    ]);
    return rows[0]?.name ?? null;
  }

  /** A link to a portal route, e.g. link('/login/register/abc'). */
  link(path: string): string {
    return `${this.config.publicUrl.replace(/\/$/, '')}${path}`;
  }

  /**
   * Writes a new mail. With a transaction's client the delivery job may run before that transaction commits: the
   * delivery then fails on the missing row and the queue retries it (SmtpDeliveryProcessor).
   */
  async send<T extends TemplateName>(
    template: T,
    to: string,
    data: TemplateData<T>,
    db: Pool | PoolClient = this.pool,
  ) {
    const rendered = (templates[template] as (d: TemplateData<T>) => ReturnType<(typeof templates)[T]>)(data);
    const id = randomUUID();
    await this.write(db, id, template, to, rendered);
    await this.deliver(id, template);
    return id;
  }

  /**
   * Writes a mail under an id derived from its cause (a job or reactor that runs again writes it once) and asks for
   * its delivery, also when an earlier run wrote it: that run may have stopped between the two (a crash, a queue that
   * refused the enqueue), and asking again for a delivery that exists is a no-op (the job's key is the mail's id).
   */
  async sendOnce(id: string, template: string, to: string, rendered: RenderedMail): Promise<void> {
    const written = await this.write(this.pool, id, template, to, rendered, 'ON CONFLICT (id) DO NOTHING');
    if (written || this.config.mail.kind === 'smtp') await this.deliver(id, template);
  }

  /** Inserts the mail; whether a row went in. */
  private async write(
    db: Pool | PoolClient,
    id: string,
    template: string,
    to: string,
    mail: RenderedMail,
    onConflict = '',
  ) {
    const res = await db.query(
      `INSERT INTO mail_outbox (id, "to", subject, text, html, template) VALUES ($1, $2, $3, $4, $5, $6) ${onConflict}`,
      [id, to.toLowerCase(), mail.subject, mail.text, mail.html, template],
    );
    return Boolean(res.rowCount);
  }

  private async deliver(id: string, template: string) {
    if (this.config.mail.kind === 'smtp') await this.queue.enqueue('mail.deliver', id, { mailId: id });
    else this.logger.log(`mail ${id} (${template}) written to the outbox; staff can read it at /admin/mails`);
  }
}
