import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { uuidV5 } from '../../../infrastructure/command-handling/event-stamping';
import { JOB_QUEUE, type JobQueue } from '../../../infrastructure/queue/job-queue.port';
import type { RenderedMail } from '../../../infrastructure/mail/mail.templates';

const MAIL_ID_NAMESPACE = '6b0d4f3e-6d43-4f0e-9a3c-2f1f6b7f4c21';

/**
 * Writes this area's mails to the shared outbox exactly as MailService does (same table, delivered by the same
 * 'mail.deliver' job when SMTP is configured). A mail's id comes from the causing event and the recipient, so a
 * repeated job sends nothing twice.
 */
@Injectable()
export class VerificationMailer {
  private readonly logger = new Logger('VerificationMail');

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  link(path: string): string {
    return `${this.config.publicUrl.replace(/\/$/, '')}${path}`;
  }

  async send(template: string, to: string, rendered: RenderedMail, causeId: string, area = 'verification'): Promise<void> {
    const id = uuidV5(`${causeId}/${template}/${to.toLowerCase()}`, MAIL_ID_NAMESPACE);
    const res = await this.pool.query(
      `INSERT INTO mail_outbox (id, "to", subject, text, html, template) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
      [id, to.toLowerCase(), rendered.subject, rendered.text, rendered.html, `${area}.${template}`],
    );
    if (!res.rowCount) return;
    if (this.config.mail.kind === 'smtp') await this.queue.enqueue('mail.deliver', id, { mailId: id });
    else this.logger.log(`mail ${id} (${area}.${template}) written to the outbox`);
  }
}
