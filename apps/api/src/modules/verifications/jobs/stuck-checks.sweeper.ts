import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import { forEachRow, pageOf, Sweeper } from '../../../common/scheduling/sweeper';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { JOB_QUEUE, type JobQueue } from '../../../infrastructure/queue/job-queue.port';
import { VERIFICATION_DETAIL_TABLE, VERIFICATION_LIST_TABLE } from '../projections/verification-tables';

/** Rows read per query; a sweep pages through all of them. */
const SWEEP_BATCH = 200;

export interface StuckChecksSweep {
  /** Verifications whose automatic check job was enqueued again (a no-op where the job still exists). */
  autoChecks: string[];
  identityChecks: string[];
}

interface StuckRow {
  id: string;
  stage: 'AUTOMATIC_CHECK' | 'IDENTITY_CHECK';
  checkId: string;
  supplierId: string | null;
  updated: Date;
}

/**
 * Enqueues again the jobs of automatic and identity checks that began longer than STUCK_WORK_AGE_MS ago and are
 * still running, in case the queue lost them: VerificationJobsReactor enqueues a check's job once and moves its
 * checkpoint on, so a Redis that loses its data (no persistence and a restart, or an OS crash that costs AOF
 * everysec its last second) would leave the verification in its check for ever. Each job goes in with the key the
 * reactor gave it, so where the job still exists (waiting, delayed, running, or failed and kept on the dead-letter
 * list) the enqueue is a no-op, and the processor does nothing unless the verification is still in that stage with
 * that check id; several replicas sweeping at once are just as harmless. A check's job that used up its attempts
 * is kept (and so not run again) for KEEP_FINISHED_SECONDS, after which a sweep tries it once more.
 *
 * The stage comes from the list read model (indexed on stage and updated) and the check from the detail one;
 * "updated" is the verification's last event, so a comment added during a check only makes the sweep wait longer.
 * Mails (verification.notify) lost with the queue leave no stage a query could find them by: the reactor's second
 * run, STUCK_WORK_AGE_MS behind (secondChance), enqueues them again, and VerificationNotifySweeper those whose
 * ledger row is still open after that.
 * Applications following a result (application.reconcile) have their own sweep, ApplicationsReconcileSweeper.
 */
@Injectable()
export class StuckChecksSweeper extends Sweeper {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(new Logger(StuckChecksSweeper.name), 'stuck-checks sweep', config.stuckWork.sweepEveryMs);
  }

  protected async tick() {
    const r = await this.sweep();
    if (r.autoChecks.length + r.identityChecks.length) {
      this.logger.log(
        `re-enqueued the jobs of ${r.autoChecks.length} automatic and ${r.identityChecks.length} identity checks`,
      );
    }
  }

  /** Enqueues again the jobs of the checks begun before `now - ageMs`. */
  async sweep(now = new Date(), ageMs = this.config.stuckWork.ageMs): Promise<StuckChecksSweep> {
    const result: StuckChecksSweep = { autoChecks: [], identityChecks: [] };
    const before = new Date(now.getTime() - ageMs);
    await forEachRow(
      async (after?: StuckRow) => pageOf(await this.stuck(before, after), SWEEP_BATCH),
      (row) => this.enqueue(row, result),
    );
    return result;
  }

  private async enqueue(row: StuckRow, result: StuckChecksSweep) {
    const verificationId = row.id;
    if (row.stage === 'AUTOMATIC_CHECK') {
      await this.queue.enqueue('verification.auto-check', row.checkId, {
        verificationId,
        checkId: row.checkId,
      });
      result.autoChecks.push(verificationId);
      return;
    }
    if (!row.supplierId) return;
    // Poll 0, keyed `${checkId}:0` as the reactor keys it, not a key of the sweep's own: poll n+1 is enqueued by
    // poll n's run before that run is recorded as finished, so whatever prefix of its writes a queue keeps, a kept
    // poll 0 means the chain is still there (a job that waits, runs, or is retried as stalled, or one that ended
    // it), and a lost poll 0 means every later poll was lost too. Restarting at poll 0 therefore never runs beside
    // a live chain, and were it ever to, the two would meet at the next poll number the older one already used
    // (an existing key: no-op) and go on as one. A chain lasts at most MAX_IDENTITY_POLLS polls (500, at most 30 s
    // apart with the sandbox provider: hours), well inside the KEEP_FINISHED_SECONDS its poll 0 is kept for.
    await this.queue.enqueue('verification.identity-check', `${row.checkId}:0`, {
      verificationId,
      checkId: row.checkId,
      supplierId: row.supplierId,
      poll: 0,
    });
    result.identityChecks.push(verificationId);
  }

  /** The checks in progress since before `before`, oldest first, from `after` on (keyset paging). */
  private async stuck(before: Date, after?: { updated: Date; id: string }): Promise<StuckRow[]> {
    const { rows } = await this.pool.query<StuckRow>(
      `SELECT l."id", d."state"->>'stage' AS "stage", d."state"->>'checkId' AS "checkId",
              d."state"->>'supplierId' AS "supplierId", l."updated"
         FROM "${VERIFICATION_LIST_TABLE}" l
         JOIN "${VERIFICATION_DETAIL_TABLE}" d ON d."id" = l."id"
        WHERE l."stage" IN ('AUTOMATIC_CHECK', 'IDENTITY_CHECK') AND l."updated" < $1
          AND d."state"->>'stage' = l."stage" AND d."state"->>'checkId' IS NOT NULL
          ${after ? `AND (l."updated", l."id") > ($2, $3)` : ''}
        ORDER BY l."updated", l."id"
        LIMIT ${SWEEP_BATCH}`,
      after ? [before, after.updated, after.id] : [before],
    );
    return rows;
  }
}
