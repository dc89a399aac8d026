import type { CreditOrdered } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { uuidV5 } from '../../../infrastructure/command-handling/event-stamping';
import { MailService } from '../../../infrastructure/mail/mail.service';
import { templates } from '../../../infrastructure/mail/mail.templates';
import type { ReactorDefinition } from '../../../infrastructure/projections/reactor-runner';
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
  constructor(
    @Inject(MailService) private readonly mail: MailService,
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
        await this.mail.sendOnce(id, 'creditOrdered', to, rendered);
      },
    };
  }
}
