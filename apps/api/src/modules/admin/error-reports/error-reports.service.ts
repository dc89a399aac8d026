import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { Principal } from '../../../common/auth/principal';
import { oneRow } from '../../../common/http/simple-rest';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import type { PortalClient } from '../shared/portal-client';
import { staffActor } from '../shared/staff-actor';
import type { ErrorReportDto } from './error-report.dto';
import { errorReportResource, errorReportsResource } from './error-reports.resource';

/** How long reports are kept: as long as the recordings they point at (they can quote what was on screen). */
export const ERROR_REPORT_RETENTION_DAYS = 14;

/**
 * The portal's uncaught errors (access 9: 'Error reporting: session replay on 10% of sessions and on 100% of
 * sessions with an error'), each with the id of the session's recording when there is one. Staff administrators
 * read and delete them; they are deleted after 14 days whatever happens. Nothing of their content is ever logged.
 */
@Injectable()
export class ErrorReportsService {
  private readonly logger = new Logger('ErrorReports');

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly audit: AuditService,
  ) {}

  async report(report: ErrorReportDto, who: PortalClient): Promise<void> {
    await this.pool.query(
      `INSERT INTO error_reports (id, source, message, stack, path, app_version, user_agent, username, recording_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        randomUUID(),
        report.source,
        report.message,
        report.stack ?? null,
        report.path,
        report.appVersion ?? null,
        who.userAgent,
        who.username,
        report.recordingId ?? null,
      ],
    );
    // Access 9: the session with an error is kept for it, even when it was recorded as a sample (whose next chunk,
    // which would say so, may never come).
    if (report.recordingId) {
      await this.pool.query(
        `UPDATE debug_recordings SET reason = 'error' WHERE id = $1 AND reason = 'sampled'`,
        [report.recordingId],
      );
    }
    await this.expire();
  }

  /** Deletes the reports past their retention; run as new ones come, so no job is needed to keep the promise. */
  async expire(): Promise<number> {
    const { rowCount } = await this.pool.query(
      `DELETE FROM error_reports WHERE occurred_at < now() - make_interval(days => $1)`,
      [ERROR_REPORT_RETENTION_DAYS],
    );
    if (rowCount)
      this.logger.log(`deleted ${rowCount} error report(s) older than ${ERROR_REPORT_RETENTION_DAYS} days`);
    return rowCount ?? 0;
  }

  one(id: string): Promise<Record<string, unknown>> {
    return oneRow(this.pool, errorReportResource, id, 'Error report');
  }

  async remove(id: string, staff: Principal): Promise<Record<string, unknown>> {
    const before = await oneRow(this.pool, errorReportsResource, id, 'Error report');
    await this.pool.query(`DELETE FROM error_reports WHERE id = $1`, [id]);
    await this.audit.record(
      'ErrorReportDeleted',
      { reportId: id, username: before.username, recordingId: before.recordingId },
      staffActor(staff),
    );
    return before;
  }
}
