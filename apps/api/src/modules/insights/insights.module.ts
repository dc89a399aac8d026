import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { ensureSchema } from '../../infrastructure/database/ensure-schema';
import { createTableSql } from '../../infrastructure/projections/projection-sql';
import { IdentityModule } from '../identity/identity.module';
import { AdminCountryNotificationsController } from './admin/admin-country-notifications.controller';
import { AdminCountryNotificationsService } from './admin/admin-country-notifications.service';
import { COUNTRY_NOTIFICATION_QUERY_HANDLERS } from './admin/country-notifications.queries';
import { AnalyticsController } from './http/analytics.controller';
import { CountryInsightsController } from './http/country-insights.controller';
import { NewsFeedController } from './http/news-feed.controller';
import { ReportsController } from './http/reports.controller';
import { insightsProjectionDefinitions } from './projections/analytics.table';
import { AnalyticsReads } from './queries/analytics-reads';
import { CountryDetail } from './queries/country-detail';
import { CountryFigures } from './queries/country-figures';
import { CountryNotifications } from './queries/country-notifications';
import { ReportRows } from './queries/report-rows';

/**
 * Home, dashboards, analytics and reports (issue 23): the analytics calls and reports of access 7.4 served from the
 * analytics read model, and the product's public news feed. It appends no domain event; the staff's country
 * notifications (admin/country-notifications) are ordinary rows with audit records.
 */
@Module({
  imports: [IdentityModule],
  controllers: [
    AnalyticsController,
    ReportsController,
    NewsFeedController,
    CountryInsightsController,
    AdminCountryNotificationsController,
  ],
  providers: [
    AnalyticsReads,
    ReportRows,
    CountryFigures,
    CountryDetail,
    CountryNotifications,
    AdminCountryNotificationsService,
    ...COUNTRY_NOTIFICATION_QUERY_HANDLERS,
  ],
})
export class InsightsModule implements OnModuleInit {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async onModuleInit() {
    // The read-model table too, so a call arriving before the projection runner starts finds it (empty).
    await ensureSchema(
      this.pool,
      'insights',
      insightsProjectionDefinitions.flatMap((d) => createTableSql(d.table)),
    );
  }
}
