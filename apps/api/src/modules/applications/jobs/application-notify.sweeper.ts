import { applicationStream } from '@credence/domain';
import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '../../../infrastructure/event-store/event-store.port';
import { NotifySweeper, NotifySweeperDeps } from '../../../infrastructure/queue/notify-ledger';
import { ApplicationJobsReactor } from '../reactions/application-jobs.reactor';

/** The application mails ('application.notify': action required, archived, completed), planned again by the reactor. */
@Injectable()
export class ApplicationNotifySweeper extends NotifySweeper<'application.notify'> {
  constructor(
    deps: NotifySweeperDeps,
    private readonly reactor: ApplicationJobsReactor,
  ) {
    super(deps, 'application.notify', 'application mails');
  }

  protected streamOf(applicationId: string) {
    return applicationStream(applicationId);
  }

  protected async jobOf(applicationId: string, event: RecordedEvent) {
    return this.reactor.notifyJobOf(applicationId, event);
  }
}
