import { Global, Module } from '@nestjs/common';
import { AdminMailsController } from './admin-mails.controller';
import { InstituteRequestedMailer } from './institute-requested.handler';
import { MailService } from './mail.service';
import { SmtpDeliveryProcessor } from './smtp-delivery.processor';

@Global()
@Module({ controllers: [AdminMailsController], providers: [MailService, SmtpDeliveryProcessor, InstituteRequestedMailer], exports: [MailService] })
export class MailModule {}
