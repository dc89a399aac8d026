import { Inject, Injectable } from '@nestjs/common';
import { uuidV5 } from '../../../infrastructure/command-handling/event-stamping';
import { MailService } from '../../../infrastructure/mail/mail.service';
import type { RenderedMail } from '../../../infrastructure/mail/mail.templates';

const MAIL_ID_NAMESPACE = '6b0d4f3e-6d43-4f0e-9a3c-2f1f6b7f4c21';

/**
 * This area's mails (and the applications' and shares'), written to the shared outbox by MailService. A mail's id
 * comes from the causing event and the recipient, so a repeated job sends nothing twice.
 */
@Injectable()
export class VerificationMailer {
  constructor(@Inject(MailService) private readonly mail: MailService) {}

  link(path: string): string {
    return this.mail.link(path);
  }

  async send(
    template: string,
    to: string,
    rendered: RenderedMail,
    causeId: string,
    area = 'verification',
  ): Promise<void> {
    const id = uuidV5(`${causeId}/${template}/${to.toLowerCase()}`, MAIL_ID_NAMESPACE);
    await this.mail.sendOnce(id, `${area}.${template}`, to, rendered);
  }
}
