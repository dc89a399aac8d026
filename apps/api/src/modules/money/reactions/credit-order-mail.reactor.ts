import type { CreditOrdered } from '@credence/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import { uuidV5 } from '../../../infrastructure/command-handling/event-stamping';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { templates } from '../../../infrastructure/mail/mail.templates';
import type { ReactorDefinition } from '../../../infrastructure/projections/reactor-runner';
import { JOB_QUEUE, type JobQueue } from '../../../infrastructure/queue/job-queue.port';
import { MONEY_SETTINGS, type MoneySettings } from '../payments/payment-settings';

export const CREDIT_ORDER_MAIL_REACTOR = 'reactor:money-credit-order-mail';
const MAIL_ID_NAMESPACE = '0c8e5a52-8f0b-4b1e-a6a4-8d3f2e7c9b14';

/**
 * The account manager hears of a credit order (2.12) by mail after the order's commit. The mail's id derives from
 * the CreditOrdered event, so reacting again (a crash before the checkpoint moved) writes it to the outbox once;
 * the shared outbox's 'mail.deliver' job sends it when SMTP is configured.
 */
@Injectable()
export class CreditOrderMailReactor {
  private readonly logger = new Logger('CreditOrderMail');

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MONEY_SETTINGS) private readonly settings: MoneySettings,
  ) {}

  definition(): ReactorDefinition {
    return {
      name: CREDIT_ORDER_MAIL_REACTOR,
      firstStart: 'start',
      handles: (event) => event.type === 'CreditOrdered' && event.streamName.startsWith('creditorder-'),
      react: async (event) => {
        const d = (event as unknown as CreditOrdered).data;
        const to = this.settings.accountManagerEmail.toLowerCase();
        const rendered = templates.creditOrdered({ name: d.name, email: d.email, org: d.org, department: d.department ?? null, toBuy: d.toBuy, company: d.companyName });
        const id = uuidV5(`${event.metadata.eventId}/creditOrdered/${to}`, MAIL_ID_NAMESPACE);
        const res = await this.pool.query(
          `INSERT INTO mail_outbox (id, "to", subject, text, html, template) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
          [id, to, rendered.subject, rendered.text, rendered.html, 'creditOrdered'],
        );
        if (!res.rowCount) return;
        if (this.config.mail.kind === 'smtp') await this.queue.enqueue('mail.deliver', id, { mailId: id });
        else this.logger.log(`mail ${id} (creditOrdered) written to the outbox`);
      },
    };
  }
}
