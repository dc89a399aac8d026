import { SHARE_STREAM_PREFIX, shareIdOf, type ShareEvent } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { ReactorDefinition } from '../../../infrastructure/projections/reactor-runner';
import { JOB_QUEUE, type JobQueue } from '../../../infrastructure/queue/job-queue.port';

/**
 * A private share's invitee hears of it by mail: a job keyed by the ShareCreated event's id, enqueued after the
 * commit from the reactor runner's checkpoint, so a crash in between loses nothing and doubles nothing.
 */
@Injectable()
export class ShareMailReactor {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  definition(): ReactorDefinition {
    return {
      name: 'reactor:share-mail',
      enqueuesKeyedJobs: true,
      handles: (event) => event.streamName.startsWith(SHARE_STREAM_PREFIX) && event.type === 'ShareCreated',
      react: async (recorded) => {
        const event = recorded as unknown as ShareEvent;
        if (event.type !== 'ShareCreated' || event.data.type !== 'PRIVATE') return;
        const { eventId } = recorded.metadata;
        await this.queue.enqueue('share.notify', eventId, { shareId: shareIdOf(recorded.streamName), eventId });
      },
    };
  }
}
