import { SHARE_STREAM_PREFIX, shareIdOf, type ShareEvent } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { RecordedEvent } from '../../../infrastructure/event-store/event-store.port';
import type { ReactorDefinition } from '../../../infrastructure/projections/reactor-runner';
import { JOB_QUEUE, type JobQueue } from '../../../infrastructure/queue/job-queue.port';
import { NotifyLedger, type NotifyJob } from '../../../infrastructure/queue/notify-ledger';

/**
 * A private share's invitee hears of it by mail: a job keyed by the ShareCreated event's id, enqueued after the
 * commit from the reactor runner's checkpoint, so a crash in between loses nothing and doubles nothing.
 */
@Injectable()
export class ShareMailReactor {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly ledger: NotifyLedger,
  ) {}

  definition(): ReactorDefinition {
    return {
      name: 'reactor:share-mail',
      enqueuesKeyedJobs: true,
      handles: (event) => event.streamName.startsWith(SHARE_STREAM_PREFIX) && event.type === 'ShareCreated',
      react: async (recorded) => {
        const job = this.notifyJobOf(recorded);
        if (!job) return;
        // The ledger first: a job the queue loses from here on is asked for again (ShareNotifySweeper).
        await this.ledger.opened(job.queue, job.key, job.payload.shareId);
        await this.queue.enqueue(job.queue, job.key, job.payload);
      },
    };
  }

  /** The invitation job of a private share's ShareCreated, keyed by the event (the sweep plans it again). */
  notifyJobOf(recorded: RecordedEvent): NotifyJob<'share.notify'> | null {
    const event = recorded as unknown as ShareEvent;
    if (event.type !== 'ShareCreated' || event.data.type !== 'PRIVATE') return null;
    const { eventId } = recorded.metadata;
    return { queue: 'share.notify', key: eventId, payload: { shareId: shareIdOf(recorded.streamName), eventId } };
  }
}
