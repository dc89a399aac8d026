import { verificationStream } from '@credence/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { forEachRow, pageOf, Sweeper } from '../../../common/scheduling/sweeper';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import { EVENT_STORE, type EventStore } from '../../../infrastructure/event-store/event-store.port';
import { JOB_QUEUE, type JobQueue } from '../../../infrastructure/queue/job-queue.port';
import { VerificationJobsReactor } from '../reactions/verification-jobs.reactor';
import { NotifyLedger, type OpenNotification } from './notify-ledger';

/** Ledger rows read per query; a sweep pages through all of them. */
const SWEEP_BATCH = 200;
/**
 * Jobs asked for longer ago than this are not swept: a queue's loss is found by the next sweep after
 * STUCK_WORK_AGE_MS (minutes) while the API runs, and a job that kept failing (kept on the dead-letter list) is
 * asked for again at each sweep, as a no-op, only while it is inside this day. Rows twice as old are deleted.
 */
export const NOTIFY_SWEEP_WINDOW_MS = 24 * 3_600_000;

export interface NotifySweep {
  /** Event ids whose 'verification.notify' job was enqueued again (a no-op where the queue still has it). */
  enqueued: string[];
  /** Ledger rows deleted for being older than twice the window. */
  pruned: number;
}

/**
 * Enqueues again the 'verification.notify' job of each event whose mails are still not written
 * (verification_notify_ledger) STUCK_WORK_AGE_MS after the reactor asked for it. The reactor's own second run
 * (secondChance) covers one loss; this covers any later one, such as Redis losing its data again before the second
 * run's job ran. The job is planned again from the event in its stream by the reactor's own jobsOf, with the key
 * it had, so where the job still exists the enqueue is a no-op; the mails are keyed by the event (VerificationMailer),
 * so a job that runs twice writes each of them once; several replicas sweeping at once are as harmless.
 */
@Injectable()
export class VerificationNotifySweeper extends Sweeper {
  constructor(
    private readonly ledger: NotifyLedger,
    private readonly reactor: VerificationJobsReactor,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(new Logger(VerificationNotifySweeper.name), 'progress mail sweep', config.stuckWork.sweepEveryMs);
  }

  protected async tick() {
    const { enqueued } = await this.sweep();
    if (enqueued.length) this.logger.log(`asked again for the progress mails of ${enqueued.length} events`);
  }

  /** Enqueues the job of each row opened between `now - window` and `now - ageMs` and not done; prunes old rows. */
  async sweep(now = new Date(), ageMs = this.config.stuckWork.ageMs): Promise<NotifySweep> {
    const enqueued: string[] = [];
    const before = new Date(now.getTime() - ageMs);
    const since = new Date(now.getTime() - NOTIFY_SWEEP_WINDOW_MS);
    await forEachRow(
      async (after?: OpenNotification) =>
        pageOf(await this.ledger.open(since, before, after, SWEEP_BATCH), SWEEP_BATCH),
      async (row) => {
        if (await this.enqueueAgain(row)) enqueued.push(row.eventId);
      },
    );
    const pruned = await this.ledger.prune(new Date(now.getTime() - 2 * NOTIFY_SWEEP_WINDOW_MS));
    return { enqueued, pruned };
  }

  private async enqueueAgain({ eventId, verificationId }: OpenNotification): Promise<boolean> {
    const stream = verificationStream(verificationId);
    const event = (await this.store.readStream(stream)).find((e) => e.metadata.eventId === eventId);
    if (!event) {
      // Not in its stream (a stream deleted for good): nothing to mail about.
      await this.ledger.done(eventId);
      return false;
    }
    const job = await this.reactor.notifyJobOf(verificationId, event);
    if (!job) {
      await this.ledger.done(eventId);
      return false;
    }
    await this.queue.enqueue(job.queue, job.key, job.payload);
    return true;
  }
}
