import type { AdminDashboardView } from '@credence/api-contract';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../../infrastructure/database/database.tokens';
import { ProjectionsService } from '../../../../infrastructure/projections/projections.service';
import { JOB_QUEUE, type JobQueue } from '../../../../infrastructure/queue/job-queue.port';
import { failedJobRow } from '../../jobs/failed-job-rows';
import { projectionRows } from '../../projections/projection-rows';
import { verificationFigures } from '../verification-figures.query';

/** GET /admin/dashboard: the console's home. */
export class GetAdminDashboard {}

/** Verification counts (read models), pending by institute, projection health, failed jobs, queue depths, accounts. */
@QueryHandler(GetAdminDashboard)
export class GetAdminDashboardHandler implements IQueryHandler<GetAdminDashboard> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly projections: ProjectionsService,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
  ) {}

  async execute(): Promise<AdminDashboardView> {
    const [verifications, status, failed, depth, accounts] = await Promise.all([
      verificationFigures(this.pool, this.projections.list()),
      this.projections.status(),
      this.queue.failed({ limit: 1000 }),
      this.queue.depth(),
      this.accounts(),
    ]);
    const projections = projectionRows(
      status,
      this.projections.list().map((d) => d.projection.name),
    );
    return {
      generatedAt: new Date().toISOString(),
      verifications,
      projections: projections.map(({ name, state, lagMs, lastError, healthy, rebuilding }) => ({
        name,
        state,
        lagMs,
        lastError,
        healthy,
        rebuilding,
      })),
      failedJobs: { total: failed.length, recent: failed.slice(0, 5).map(failedJobRow) },
      queues: depth,
      accounts,
    };
  }

  private async accounts() {
    const { rows } = await this.pool.query<AdminDashboardView['accounts']>(
      `SELECT (SELECT count(*)::int FROM companies WHERE NOT individual) AS organisations,
              (SELECT count(*)::int FROM companies WHERE individual) AS individuals,
              (SELECT count(*)::int FROM users WHERE NOT disabled AND NOT pending) AS "activeUsers",
              (SELECT count(*)::int FROM users WHERE pending AND NOT disabled) AS "pendingUsers",
              (SELECT count(*)::int FROM users WHERE disabled) AS "disabledUsers"`,
    );
    return rows[0];
  }
}
