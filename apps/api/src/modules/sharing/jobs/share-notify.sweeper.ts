import { shareStream } from '@credence/domain';
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
import { ShareMailReactor } from '../reactions/share-mail.reactor';

/** A private share's invitation ('share.notify'), planned again by the reactor. */
@Injectable()
export class ShareNotifySweeper extends NotifySweeper<'share.notify'> {
  constructor(
    ledger: NotifyLedger,
    private readonly reactor: ShareMailReactor,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(JOB_QUEUE) queue: JobQueue,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super(
      new Logger(ShareNotifySweeper.name),
      'share.notify',
      'share invitations',
      ledger,
      store,
      queue,
      config,
    );
  }

  protected streamOf(shareId: string) {
    return shareStream(shareId);
  }

  protected async jobOf(_shareId: string, event: RecordedEvent) {
    return this.reactor.notifyJobOf(event);
  }
}
