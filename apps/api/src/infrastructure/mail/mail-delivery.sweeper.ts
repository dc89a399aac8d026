import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import { forEachRow, pageOf, Sweeper } from '../../common/scheduling/sweeper';
import type { AppConfig } from '../../config/config.schema';
import { APP_CONFIG } from '../../config/config.tokens';
import { PG_POOL } from '../database/database.tokens';
import { JOB_QUEUE, type JobQueue } from '../queue/job-queue.port';

/** Mails read per query; a sweep pages through all of them. */
const SWEEP_BATCH = 200;
/**
 * Mails written longer ago than this are not swept: a queue's loss is found by the next sweep after
 * STUCK_WORK_AGE_MS (minutes) while the API runs, and a mail that SMTP kept refusing (on the dead-letter list) is
 * asked for again at each sweep, as a no-op, only while it is inside this day.
 */
export const MAIL_SWEEP_WINDOW_MS = 24 * 3_600_000;

interface UnsentRow {
  id: string;
  /** created_at as PostgreSQL's text, not a Date: a Date keeps milliseconds, the column microseconds, and a page
   *  boundary rounded down would read its own rows again. */
  created: string;
}

/**
 * With SMTP configured, enqueues 'mail.deliver' again for outbox mails of the last day still not delivered that were
 * written longer than STUCK_WORK_AGE_MS ago, in case the queue lost the job (Redis without persistence, restarted) or
 * its writer stopped between the outbox row and the enqueue. The key is the mail's id, the key every writer gives
 * it, so where the job still exists (waiting, retrying, or failed and kept on the dead-letter list) the enqueue is a
 * no-op, and the delivery sends nothing for a mail already sent; several replicas sweeping at once are as harmless.
 *
 * Mails written while the API ran without SMTP_URL (the outbox is where they end) are undelivered too: starting the
 * API with SMTP_URL set delivers those of the last day.
 */
@Injectable()
export class MailDeliverySweeper extends Sweeper {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const every = config.mail.kind === 'smtp' ? config.stuckWork.sweepEveryMs : 0;
    super(new Logger(MailDeliverySweeper.name), 'mail delivery sweep', every);
  }

  protected async tick() {
    const enqueued = await this.sweep();
    if (enqueued.length) this.logger.log(`asked again for the delivery of ${enqueued.length} mails`);
  }

  /** Enqueues the delivery of each mail not sent and written between `now - window` and `now - ageMs`; their ids. */
  async sweep(now = new Date(), ageMs = this.config.stuckWork.ageMs): Promise<string[]> {
    const enqueued: string[] = [];
    const before = new Date(now.getTime() - ageMs);
    const since = new Date(now.getTime() - MAIL_SWEEP_WINDOW_MS);
    await forEachRow(
      async (after?: UnsentRow) => pageOf(await this.unsent(since, before, after), SWEEP_BATCH),
      async ({ id }) => {
        await this.queue.enqueue('mail.deliver', id, { mailId: id });
        enqueued.push(id);
      },
    );
    return enqueued;
  }

  /** Undelivered mails written in [since, before), oldest first, from `after` on (keyset paging, mail_outbox_unsent_idx). */
  private async unsent(since: Date, before: Date, after?: UnsentRow): Promise<UnsentRow[]> {
    const { rows } = await this.pool.query<UnsentRow>(
      `SELECT id, created_at::text AS created FROM mail_outbox
        WHERE sent_at IS NULL AND created_at >= $1 AND created_at < $2
          ${after ? `AND (created_at, id) > ($3::timestamptz, $4)` : ''}
        ORDER BY created_at, id
        LIMIT ${SWEEP_BATCH}`,
      after ? [since, before, after.created, after.id] : [since, before],
    );
    return rows;
  }
}
