import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import { forEachRow, Sweeper, type KeysetPage } from '../../../common/scheduling/sweeper';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { JOB_QUEUE, type JobQueue } from '../../../infrastructure/queue/job-queue.port';
import { VERIFICATION_LIST_TABLE } from '../../verifications';
import { APPLICATION_MEMBER_TABLE, APPLICATION_TABLE } from '../core/application-tables';

/** Applications read per query; a sweep pages through all of them. */
const SWEEP_BATCH = 200;
/**
 * Member changes older than this are not swept: a queue's loss is found by the next sweep after STUCK_WORK_AGE_MS
 * (minutes) while the API runs, and the window bounds the no-op enqueues below to applications whose members changed
 * in the last day instead of every following application with partial progress, sweep after sweep, for ever.
 */
export const RECONCILE_SWEEP_WINDOW_MS = 24 * 3_600_000;

interface BehindRow {
  id: string;
  latest: Date;
}

/** Where a page ends: applications are paged in the order of the index on (status, id). */
interface PageEnd {
  status: string;
  id: string;
}

/**
 * Enqueues `application.reconcile` again for applications that may have missed one, in case the queue lost it
 * (Redis without persistence, restarted): VerificationJobsReactor and ApplicationJobsReactor enqueue it once and move
 * their checkpoints on, so a lost one would leave the application pending until one of its verifications changed
 * again. Candidates are the applications still following their verifications (PENDING, APPLICANT_ACTION: the only
 * ones a reconcile acts on) with a member verification changed (the list read model's "updated") after the
 * application's own last event and, for the latest such change, longer than STUCK_WORK_AGE_MS ago (younger ones
 * likely have their reactor's job still coming).
 *
 * The key is the application and its members' latest change, so sweeps of the same state enqueue one job between
 * them (the queue keeps a finished job's key KEEP_FINISHED_SECONDS, 7 days), and a new change gives a new key. The
 * reconcile is idempotent (it takes stock and decides), so a job run beside the reactor's changes nothing twice.
 *
 * A reconcile that finds nothing to change appends nothing, so an application whose members changed without
 * changing its status (one of two checks done, a comment) stays a candidate: each sweep finds it again and its
 * enqueue is a no-op on the existing key, for as long as that change is inside RECONCILE_SWEEP_WINDOW_MS (a day).
 * Those writes are the sweep's cost: on a test database of 200,000 applications (30,000 following, all behind, all
 * inside the window) a page read 10-20 ms and the whole sweep, 30,000 enqueues on pg-boss, 25.5 s.
 */
@Injectable()
export class ApplicationsReconcileSweeper extends Sweeper {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(
      new Logger(ApplicationsReconcileSweeper.name),
      'applications reconcile sweep',
      config.stuckWork.sweepEveryMs,
    );
  }

  protected async tick() {
    const enqueued = await this.sweep();
    if (enqueued.length) this.logger.log(`enqueued a reconcile for ${enqueued.length} applications`);
  }

  /** Enqueues a reconcile for each application behind a member change made before `now - ageMs`; their ids. */
  async sweep(now = new Date(), ageMs = this.config.stuckWork.ageMs): Promise<string[]> {
    const enqueued: string[] = [];
    const before = new Date(now.getTime() - ageMs);
    const since = new Date(now.getTime() - RECONCILE_SWEEP_WINDOW_MS);
    await forEachRow(
      (after?: PageEnd) => this.behind(before, since, after),
      async (row) => {
        await this.queue.enqueue('application.reconcile', `sweep:${row.id}:${row.latest.toISOString()}`, {
          applicationId: row.id,
        });
        enqueued.push(row.id);
      },
    );
    return enqueued;
  }

  /**
   * One page of following applications after `after` (keyset on the index on status and id, one range scan), and
   * where it ended when there may be more. Which are behind is decided per application after the page is read, so a
   * page may yield fewer rows than it read.
   */
  private async behind(before: Date, since: Date, after?: PageEnd): Promise<KeysetPage<BehindRow, PageEnd>> {
    const { rows } = await this.pool.query<BehindRow & PageEnd & { behind: boolean }>(
      `SELECT p."status", p."id", l."latest",
              l."latest" > (p."state"->>'updated')::timestamptz AND l."latest" < $1 AND l."latest" > $2 AS "behind"
         FROM (SELECT a."status", a."id", a."state" FROM "${APPLICATION_TABLE}" a
                WHERE a."status" IN ('APPLICANT_ACTION', 'PENDING') ${after ? `AND (a."status", a."id") > ($3, $4)` : ''}
                ORDER BY a."status", a."id" LIMIT ${SWEEP_BATCH}) p
         JOIN LATERAL (SELECT max(v."updated") AS "latest"
                         FROM "${APPLICATION_MEMBER_TABLE}" m
                         JOIN "${VERIFICATION_LIST_TABLE}" v ON v."id" = m."verificationId"
                        WHERE m."applicationId" = p."id") l ON true
        ORDER BY p."status", p."id"`,
      after ? [before, since, after.status, after.id] : [before, since],
    );
    return {
      rows: rows.filter((r) => r.behind),
      last: rows.length === SWEEP_BATCH ? rows[rows.length - 1] : undefined,
    };
  }
}
