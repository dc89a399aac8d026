import { shareStream } from '@credence/domain';
import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '../../../infrastructure/event-store/event-store.port';
import { NotifySweeper, NotifySweeperDeps } from '../../../infrastructure/queue/notify-ledger';
import { ShareMailReactor } from '../reactions/share-mail.reactor';

/** A private share's invitation ('share.notify'), planned again by the reactor. */
@Injectable()
export class ShareNotifySweeper extends NotifySweeper<'share.notify'> {
  constructor(
    deps: NotifySweeperDeps,
    private readonly reactor: ShareMailReactor,
  ) {
    super(deps, 'share.notify', 'share invitations');
  }

  protected streamOf(shareId: string) {
    return shareStream(shareId);
  }

  protected async jobOf(_shareId: string, event: RecordedEvent) {
    return this.reactor.notifyJobOf(event);
  }
}
