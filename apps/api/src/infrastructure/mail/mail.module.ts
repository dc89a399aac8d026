import { Global, Module } from '@nestjs/common';
import { AdminMailsController } from './admin-mails.controller';
import { MailService } from './mail.service';
import { SmtpDeliveryProcessor } from './smtp-delivery.processor';

@Global()
@Module({ controllers: [AdminMailsController], providers: [MailService, SmtpDeliveryProcessor], exports: [MailService] })
export class MailModule {}
