import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';

/** An event whose progress mails are not written yet. */
export interface OpenNotification {
  eventId: string;
  verificationId: string;
  /** enqueued_at as PostgreSQL's text, not a Date: a Date keeps milliseconds, the column microseconds, and a page
   *  boundary rounded down would read its own rows again. */
  enqueued: string;
}

/**
 * verification_notify_ledger (migration 0008): which events' 'verification.notify' jobs were asked for and which
 * have written their mails. VerificationJobsReactor opens a row before it enqueues the job, the job closes it once
 * its mails are in the outbox, and VerificationNotifySweeper asks again for the jobs of rows left open.
 */
@Injectable()
export class NotifyLedger {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Before the job is enqueued: a reactor that runs again (its second run, a restart) keeps the first time. */
  async opened(eventId: string, verificationId: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO verification_notify_ledger (event_id, verification_id) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING`,
      [eventId, verificationId],
    );
  }

  /** After the job wrote its mails (or found there was nothing to write). */
  async done(eventId: string): Promise<void> {
    await this.pool.query(
      `UPDATE verification_notify_ledger SET done_at = now() WHERE event_id = $1 AND done_at IS NULL`,
      [eventId],
    );
  }

  /** Rows opened in [since, before) and not done, oldest first, from `after` on (keyset paging, the partial index). */
  async open(
    since: Date,
    before: Date,
    after: OpenNotification | undefined,
    limit: number,
  ): Promise<OpenNotification[]> {
    const { rows } = await this.pool.query<OpenNotification>(
      `SELECT event_id AS "eventId", verification_id AS "verificationId", enqueued_at::text AS enqueued
         FROM verification_notify_ledger
        WHERE done_at IS NULL AND enqueued_at >= $1 AND enqueued_at < $2
          ${after ? `AND (enqueued_at, event_id) > ($3::timestamptz, $4)` : ''}
        ORDER BY enqueued_at, event_id
        LIMIT ${limit}`,
      after ? [since, before, after.enqueued, after.eventId] : [since, before],
    );
    return rows;
  }

  /** Forgets the rows opened before `before`, done or not (the sweep no longer looks at them); how many. */
  async prune(before: Date): Promise<number> {
    const res = await this.pool.query(`DELETE FROM verification_notify_ledger WHERE enqueued_at < $1`, [
      before,
    ]);
    return res.rowCount ?? 0;
  }
}
