import { applicationStream } from '@credence/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import {
  EVENT_STORE,
  type EventStore,
  type RecordedEvent,
} from '../../../infrastructure/event-store/event-store.port';
import { JOB_QUEUE, type JobQueue } from '../../../infrastructure/queue/job-queue.port';
import { NotifyLedger, NotifySweeper } from '../../../infrastructure/queue/notify-ledger';
import { ApplicationJobsReactor } from '../reactions/application-jobs.reactor';

/** The application mails ('application.notify': action required, archived, completed), planned again by the reactor. */
@Injectable()
export class ApplicationNotifySweeper extends NotifySweeper<'application.notify'> {
  constructor(
    ledger: NotifyLedger,
    private readonly reactor: ApplicationJobsReactor,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(JOB_QUEUE) queue: JobQueue,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super(
      new Logger(ApplicationNotifySweeper.name),
      'application.notify',
      'application mails',
      ledger,
      store,
      queue,
      config,
    );
  }

  protected streamOf(applicationId: string) {
    return applicationStream(applicationId);
  }

  protected async jobOf(applicationId: string, event: RecordedEvent) {
    return this.reactor.notifyJobOf(applicationId, event);
  }
}
