import { verificationStream } from '@credence/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import {
  EVENT_STORE,
  type EventStore,
  type RecordedEvent,
} from '../../../infrastructure/event-store/event-store.port';
import { NotifyLedger, NotifySweeper } from '../../../infrastructure/queue/notify-ledger';
import { JOB_QUEUE, type JobQueue } from '../../../infrastructure/queue/job-queue.port';
import { VerificationJobsReactor } from '../reactions/verification-jobs.reactor';

/** The progress mails of verification events ('verification.notify'), planned again by the reactor's notifyJobOf. */
@Injectable()
export class VerificationNotifySweeper extends NotifySweeper<'verification.notify'> {
  constructor(
    ledger: NotifyLedger,
    private readonly reactor: VerificationJobsReactor,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(JOB_QUEUE) queue: JobQueue,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super(
      new Logger(VerificationNotifySweeper.name),
      'verification.notify',
      'progress mails',
      ledger,
      store,
      queue,
      config,
    );
  }

  protected streamOf(verificationId: string) {
    return verificationStream(verificationId);
  }

  protected jobOf(verificationId: string, event: RecordedEvent) {
    return this.reactor.notifyJobOf(verificationId, event);
  }
}
