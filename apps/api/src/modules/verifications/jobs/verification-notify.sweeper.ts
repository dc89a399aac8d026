import { verificationStream } from '@credence/domain';
import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '../../../infrastructure/event-store/event-store.port';
import { NotifySweeper, NotifySweeperDeps } from '../../../infrastructure/queue/notify-ledger';
import { VerificationJobsReactor } from '../reactions/verification-jobs.reactor';

/** The progress mails of verification events ('verification.notify'), planned again by the reactor's notifyJobOf. */
@Injectable()
export class VerificationNotifySweeper extends NotifySweeper<'verification.notify'> {
  constructor(
    deps: NotifySweeperDeps,
    private readonly reactor: VerificationJobsReactor,
  ) {
    super(deps, 'verification.notify', 'progress mails');
  }

  protected streamOf(verificationId: string) {
    return verificationStream(verificationId);
  }

  protected jobOf(verificationId: string, event: RecordedEvent) {
    return this.reactor.notifyJobOf(verificationId, event);
  }
}
