import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Pool } from 'pg';
import { apiFolder } from '../../infrastructure/api-folders';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { SeedRegistry } from '../../infrastructure/seeding/seed.registry';
import { IdentityModule } from '../identity/identity.module';
import { BLOB_STORE, type BlobStore } from '../verifications';
import { VerificationsModule } from '../verifications/verifications.module';
import { AdminApprovalProcessesController } from './approval-processes/admin-approval-processes.controller';
import { AdminApprovalProcessesService } from './approval-processes/admin-approval-processes.service';
import { APPROVAL_PROCESS_QUERY_HANDLERS } from './approval-processes/queries/approval-processes.handlers';
import { ApprovalProcessController } from './approval-processes/approval-process.controller';
import { DEFAULT_APPROVAL_PROCESSES } from './approval-processes/approval-processes.schema';
import { AdminAuditEventsController } from './audit/admin-audit-events.controller';
import { AUDIT_EVENT_QUERY_HANDLERS } from './audit/queries/audit-events.handlers';
import { AdminCustomersController } from './customers/admin-customers.controller';
import { AdminCustomersService } from './customers/admin-customers.service';
import { CUSTOMER_QUERY_HANDLERS } from './customers/queries/customers.handlers';
import { AdminDashboardController } from './dashboard/admin-dashboard.controller';
import {
  AdminDebugRecordingsController,
  DebugRecordingsController,
} from './debug-recordings/debug-recordings.controller';
import { DebugRecordingsService } from './debug-recordings/debug-recordings.service';
import {
  AdminErrorReportsController,
  ErrorReportsController,
} from './error-reports/error-reports.controller';
import { ErrorReportsService } from './error-reports/error-reports.service';
import { GetAdminDashboardHandler } from './dashboard/queries/admin-dashboard.query';
import { AdminFailedJobsController } from './jobs/admin-failed-jobs.controller';
import { FAILED_JOB_QUERY_HANDLERS } from './jobs/queries/failed-jobs.queries';
import { AdminNewsController } from './news/admin-news.controller';
import { AdminNewsService } from './news/admin-news.service';
import { NewsImageController } from './news/news-image.controller';
import { newNewsImageKey } from './news/news-images';
import { NEWS_QUERY_HANDLERS } from './news/queries/news.handlers';
import { AdminNoticesController } from './notices/admin-notices.controller';
import { AdminNoticesService } from './notices/admin-notices.service';
import { NOTICE_QUERY_HANDLERS } from './notices/queries/notices.handlers';
import { AdminProjectionsController } from './projections/admin-projections.controller';
import { PROJECTION_QUERY_HANDLERS } from './projections/queries/projections.queries';
import { AdminUsersController } from './users/admin-users.controller';
import { AdminUsersService } from './users/admin-users.service';
import { USER_QUERY_HANDLERS } from './users/queries/users.handlers';

/**
 * The staff console's API (issue 9): simple-rest resources under /admin, every route for staff only, every write
 * on an audit stream with the staff member's username. The catalogue's resources (institutes, countries, regions)
 * live in the catalogue module, the verifications' and money's in theirs.
 *
 * The users' resource uses TeamService and RegistrationService from IdentityModule's public face: the resend of a
 * registration mail goes through the team invitation flow, not a copy of it.
 */
@Module({
  // VerificationsModule for the blob store the news pictures are kept in, beside the documents.
  imports: [IdentityModule, VerificationsModule],
  controllers: [
    NewsImageController,
    DebugRecordingsController,
    AdminDebugRecordingsController,
    ErrorReportsController,
    AdminErrorReportsController,
    AdminCustomersController,
    AdminUsersController,
    AdminNoticesController,
    AdminNewsController,
    AdminApprovalProcessesController,
    ApprovalProcessController,
    AdminProjectionsController,
    AdminFailedJobsController,
    AdminDashboardController,
    AdminAuditEventsController,
  ],
  providers: [
    AdminUsersService,
    ...USER_QUERY_HANDLERS,
    AdminCustomersService,
    ...CUSTOMER_QUERY_HANDLERS,
    AdminNoticesService,
    ...NOTICE_QUERY_HANDLERS,
    AdminNewsService,
    DebugRecordingsService,
    ErrorReportsService,
    ...NEWS_QUERY_HANDLERS,
    AdminApprovalProcessesService,
    ...APPROVAL_PROCESS_QUERY_HANDLERS,
    ...AUDIT_EVENT_QUERY_HANDLERS,
    ...PROJECTION_QUERY_HANDLERS,
    ...FAILED_JOB_QUERY_HANDLERS,
    GetAdminDashboardHandler,
  ],
})
export class AdminModule implements OnModuleInit {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly seeds: SeedRegistry,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  onModuleInit() {
    // The table is made by the migrations (apps/api/migrations).
    this.seeds.register({
      name: 'admin.approval-processes',
      order: 15,
      demo: false,
      run: async () => {
        for (const p of DEFAULT_APPROVAL_PROCESSES) {
          await this.pool.query(
            `INSERT INTO approval_processes (name, description) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
            [p.name, p.description],
          );
        }
      },
    });
    // The demo's news item gets its picture (money 2.5), stored as staff uploads store one (after the accounts'
    // step, which writes the demo news).
    this.seeds.register({
      name: 'admin.demo-news-pictures',
      order: 25,
      demo: true,
      run: async () => {
        const key = newNewsImageKey();
        await this.blobs.put(
          key,
          readFileSync(path.join(apiFolder('assets', 'demo/news-europe.png'), 'demo/news-europe.png')),
          'image/png',
        );
        await this.pool.query(
          `UPDATE news_alerts SET image_key = $1, image_type = 'image/png' WHERE title = 'Faster checks in Europe' AND image_key IS NULL`,
          [key],
        );
      },
    });
  }
}
