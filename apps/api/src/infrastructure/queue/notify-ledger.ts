import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import { forEachRow, pageOf, Sweeper } from '../../common/scheduling/sweeper';
import type { AppConfig } from '../../config/config.schema';
import { APP_CONFIG } from '../../config/config.tokens';
import { PG_POOL } from '../database/database.tokens';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../event-store/event-store.port';
import { JOB_QUEUE, type JobPayloads, type JobQueue } from './job-queue.port';

/** The queues whose jobs write mails and keep a ledger row from their enqueue until their mails are written. */
export type NotifyQueue = 'verification.notify' | 'application.notify' | 'share.notify';

/** An event whose mails are not written yet. */
export interface OpenNotification {
  eventId: string;
  /** The id of the verification, application or share whose stream holds the event. */
  subjectId: string;
  /** enqueued_at as PostgreSQL's text, not a Date: a Date keeps milliseconds, the column microseconds, and a page
   *  boundary rounded down would read its own rows again. */
  enqueued: string;
}

/**
 * notify_ledger (migrations 0008, 0010): which events' mail jobs were asked for and which have written their mails,
 * per queue. The reactor opens a row before it enqueues the job, the job closes it once its mails are in the
 * outbox, and the queue's NotifySweeper asks again for the jobs of rows left open.
 */
@Injectable()
export class NotifyLedger {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Before the job is enqueued: a reactor that runs again (its second run, a restart) keeps the first time. */
  async opened(queue: NotifyQueue, eventId: string, subjectId: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO notify_ledger (event_id, queue, subject_id) VALUES ($1, $2, $3) ON CONFLICT (event_id) DO NOTHING`,
      [eventId, queue, subjectId],
    );
  }

  /** After the job wrote its mails (or found there was nothing to write). */
  async done(eventId: string): Promise<void> {
    await this.pool.query(
      `UPDATE notify_ledger SET done_at = now() WHERE event_id = $1 AND done_at IS NULL`,
      [eventId],
    );
  }

  /** A queue's rows opened in [since, before) and not done, oldest first, from `after` on (keyset paging, the partial index). */
  async open(
    queue: NotifyQueue,
    since: Date,
    before: Date,
    after: OpenNotification | undefined,
    limit: number,
  ): Promise<OpenNotification[]> {
    const { rows } = await this.pool.query<OpenNotification>(
      `SELECT event_id AS "eventId", subject_id AS "subjectId", enqueued_at::text AS enqueued
         FROM notify_ledger
        WHERE queue = $1 AND done_at IS NULL AND enqueued_at >= $2 AND enqueued_at < $3
          ${after ? `AND (enqueued_at, event_id) > ($4::timestamptz, $5)` : ''}
        ORDER BY enqueued_at, event_id
        LIMIT ${limit}`,
      after ? [queue, since, before, after.enqueued, after.eventId] : [queue, since, before],
    );
    return rows;
  }

  /** Forgets a queue's rows opened before `before`, done or not (the sweep no longer looks at them); how many. */
  async prune(queue: NotifyQueue, before: Date): Promise<number> {
    const res = await this.pool.query(`DELETE FROM notify_ledger WHERE queue = $1 AND enqueued_at < $2`, [
      queue,
      before,
    ]);
    return res.rowCount ?? 0;
  }
}

/** Ledger rows read per query; a sweep pages through all of them. */
const SWEEP_BATCH = 200;
/**
 * Jobs asked for longer ago than this are not swept: a queue's loss is found by the next sweep after
 * STUCK_WORK_AGE_MS (minutes) while the API runs, and a job that kept failing (kept on the dead-letter list) is
 * asked for again at each sweep, as a no-op, only while it is inside this day. Rows twice as old are deleted.
 */
export const NOTIFY_SWEEP_WINDOW_MS = 24 * 3_600_000;

export interface NotifySweep {
  /** Event ids whose job was enqueued again (a no-op where the queue still has it). */
  enqueued: string[];
  /** Ledger rows deleted for being older than twice the window. */
  pruned: number;
}

/** A job as its reactor plans it: the sweep enqueues it again with the same key and payload. */
export interface NotifyJob<Q extends NotifyQueue> {
  queue: Q;
  key: string;
  payload: JobPayloads[Q];
}

/** What every NotifySweeper needs besides its reactor: one provider, so that each sweeper injects it and its reactor. */
@Injectable()
export class NotifySweeperDeps {
  constructor(
    readonly ledger: NotifyLedger,
    @Inject(EVENT_STORE) readonly store: EventStore,
    @Inject(JOB_QUEUE) readonly queue: JobQueue,
    @Inject(APP_CONFIG) readonly config: AppConfig,
  ) {}
}

/**
 * Enqueues again the job of each event of one queue whose mails are still not written STUCK_WORK_AGE_MS after its
 * reactor asked for it. The reactor's own second run (secondChance) covers one loss; this covers any later one, such
 * as Redis losing its data again before the second run's job ran. The job is planned again from the event in its
 * stream by the reactor's own planning (jobOf), with the key it had, so where the job still exists the enqueue is a
 * no-op; the mails are keyed by the event (VerificationMailer), so a job that runs twice writes each of them once;
 * several replicas sweeping at once are as harmless.
 */
export abstract class NotifySweeper<Q extends NotifyQueue> extends Sweeper {
  private readonly ledger: NotifyLedger;
  private readonly store: EventStore;
  private readonly queue: JobQueue;
  private readonly config: AppConfig;

  protected constructor(
    deps: NotifySweeperDeps,
    private readonly queueName: Q,
    private readonly what: string,
  ) {
    super(new Logger(new.target.name), `${what} sweep`, deps.config.stuckWork.sweepEveryMs);
    ({ ledger: this.ledger, store: this.store, queue: this.queue, config: this.config } = deps);
  }

  /** The stream that holds a subject's events. */
  protected abstract streamOf(subjectId: string): string;
  /** The job the reactor plans for the event, or null when it plans none (nothing to mail about). */
  protected abstract jobOf(subjectId: string, event: RecordedEvent): Promise<NotifyJob<Q> | null | undefined>;

  protected async tick() {
    const { enqueued } = await this.sweep();
    if (enqueued.length) this.logger.log(`asked again for the ${this.what} of ${enqueued.length} events`);
  }

  /** Enqueues the job of each row opened between `now - window` and `now - ageMs` and not done; prunes old rows. */
  async sweep(now = new Date(), ageMs = this.config.stuckWork.ageMs): Promise<NotifySweep> {
    const enqueued: string[] = [];
    const before = new Date(now.getTime() - ageMs);
    const since = new Date(now.getTime() - NOTIFY_SWEEP_WINDOW_MS);
    await forEachRow(
      async (after?: OpenNotification) =>
        pageOf(await this.ledger.open(this.queueName, since, before, after, SWEEP_BATCH), SWEEP_BATCH),
      async (row) => {
        if (await this.enqueueAgain(row)) enqueued.push(row.eventId);
      },
    );
    const pruned = await this.ledger.prune(
      this.queueName,
      new Date(now.getTime() - 2 * NOTIFY_SWEEP_WINDOW_MS),
    );
    return { enqueued, pruned };
  }

  private async enqueueAgain({ eventId, subjectId }: OpenNotification): Promise<boolean> {
    const event = (await this.store.readStream(this.streamOf(subjectId))).find(
      (e) => e.metadata.eventId === eventId,
    );
    const job = event ? await this.jobOf(subjectId, event) : null;
    if (!job) {
      // Not in its stream (a stream deleted for good), or nothing to mail about: nothing to ask for.
      await this.ledger.done(eventId);
      return false;
    }
    await this.queue.enqueue(job.queue, job.key, job.payload);
    return true;
  }
}
