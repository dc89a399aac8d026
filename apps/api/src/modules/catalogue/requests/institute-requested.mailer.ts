import { Inject, Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import { InstituteRequested } from './institute-requested.event';
import { MailService } from '../../../infrastructure/mail/mail.service';

/**
 * Tells staff about a requested institute. The request itself is already stored and audited by the catalogue;
 * this reaction runs after that commit, and a failure here is logged (the request stays visible in the console).
 */
@EventsHandler(InstituteRequested)
export class InstituteRequestedMailer implements IEventHandler<InstituteRequested> {
  private readonly logger = new Logger('Mail');

  constructor(
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: InstituteRequested) {
    try {
      const company = await this.mail.companyName(event.companyId);
      await this.mail.send('instituteRequested', this.config.accountManagerEmail, {
        requester: event.requestedBy,
        company: company ?? event.companyId,
        name: event.name,
        country: event.country,
        details: event.comment ?? '',
      });
    } catch (e) {
      this.logger.error(`institute request ${event.requestId} not mailed: ${(e as Error).message}`);
    }
  }
}
