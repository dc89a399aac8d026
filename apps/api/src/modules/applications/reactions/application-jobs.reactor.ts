import { APPLICATION_STREAM_PREFIX, type ApplicationEvent } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { RecordedEvent } from '../../../infrastructure/event-store/event-store.port';
import type { ReactorDefinition } from '../../../infrastructure/projections/reactor-runner';
import { JOB_QUEUE, type JobQueue } from '../../../infrastructure/queue/job-queue.port';
import { NotifyLedger, type NotifyJob } from '../../../infrastructure/queue/notify-ledger';

/**
 * Side effects of committed application events, as jobs keyed by the event id: the applicant hears when their
 * application needs them or is archived, the organisation when one completes; a submitted application takes stock
 * once more (a check may have finished between reading its members and the append). After the commit, from the
 * reactor runner's checkpoint, so a crash in between loses nothing and doubles nothing.
 */
@Injectable()
export class ApplicationJobsReactor {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly ledger: NotifyLedger,
  ) {}

  definition(): ReactorDefinition {
    return {
      name: 'reactor:application-jobs',
      enqueuesKeyedJobs: true,
      handles: (event) => event.streamName.startsWith(APPLICATION_STREAM_PREFIX),
      react: async (recorded) => {
        const applicationId = recorded.streamName.slice(APPLICATION_STREAM_PREFIX.length);
        const event = recorded as unknown as ApplicationEvent;
        const { eventId } = recorded.metadata;
        const notify = this.notifyJobOf(applicationId, recorded);
        if (notify) {
          // The ledger first: a job the queue loses from here on is asked for again (ApplicationNotifySweeper).
          await this.ledger.opened(notify.queue, notify.key, applicationId);
          await this.queue.enqueue(notify.queue, notify.key, notify.payload);
        }
        if (event.type === 'ApplicationSubmitted') await this.queue.enqueue('application.reconcile', `submitted:${eventId}:${applicationId}`, { applicationId });
      },
    };
  }

  /** The 'application.notify' job of an event that mails someone, keyed by the event (the sweep plans it again). */
  notifyJobOf(applicationId: string, recorded: RecordedEvent): NotifyJob<'application.notify'> | null {
    const event = recorded as unknown as ApplicationEvent;
    const notifies =
      event.type === 'ApplicationArchived' ||
      event.type === 'ApplicationCompleted' ||
      (event.type === 'ApplicationProgressed' && event.data.status === 'APPLICANT_ACTION');
    if (!notifies) return null;
    const { eventId } = recorded.metadata;
    return { queue: 'application.notify', key: eventId, payload: { applicationId, eventId, eventType: event.type } };
  }
}
