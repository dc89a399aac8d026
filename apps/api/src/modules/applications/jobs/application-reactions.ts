import { Inject, Injectable } from '@nestjs/common';
import { JOB_QUEUE, type JobQueue } from '../../../infrastructure/queue/job-queue.port';
import type { ApplicationCommandResult } from '../core/application-stream';

/**
 * Side effects of appended application events, enqueued right after the append and keyed by the event id:
 * the applicant hears when their application needs them or is archived, the organisation when one completes.
 */
@Injectable()
export class ApplicationReactions {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  async after(appended: ApplicationCommandResult): Promise<void> {
    for (const event of appended.events) {
      const { eventId } = event.metadata;
      const notifies =
        event.type === 'ApplicationArchived' ||
        event.type === 'ApplicationCompleted' ||
        (event.type === 'ApplicationProgressed' && event.data.status === 'APPLICANT_ACTION');
      if (notifies) await this.queue.enqueue('application.notify', eventId, { applicationId: appended.state.id, eventId, eventType: event.type });
    }
  }
}
