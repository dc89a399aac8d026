import { Global, Module } from '@nestjs/common';
import { AdminMailsController } from './admin-mails.controller';
import { MailDeliverySweeper } from './mail-delivery.sweeper';
import { MAIL_QUERY_HANDLERS } from './mail-outbox.queries';
import { MailService } from './mail.service';
import { SmtpDeliveryProcessor } from './smtp-delivery.processor';

@Global()
@Module({
  controllers: [AdminMailsController],
  providers: [MailService, SmtpDeliveryProcessor, MailDeliverySweeper, ...MAIL_QUERY_HANDLERS],
  exports: [MailService],
})
export class MailModule {}
