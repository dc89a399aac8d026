import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AllExceptionsFilter } from './common/errors/http-exception.filter';
import { AuthModule } from './common/auth/auth.module';
import { SessionGuard } from './common/auth/session.guard';
import type { AppConfig } from './config/config.schema';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './infrastructure/database/database.module';
import { EventStoreModule } from './infrastructure/event-store/event-store.module';
import { ProjectionsModule } from './infrastructure/projections/projections.module';
import { projectionCatalog } from './projection-catalog';
import { QueueModule } from './infrastructure/queue/queue.module';
import { SeedingModule } from './infrastructure/seeding/seeding.module';
import { HealthInfraModule } from './infrastructure/health/health.module';
import { AuditModule } from './infrastructure/audit/audit.module';
import { MailModule } from './infrastructure/mail/mail.module';
import { CatalogueModule } from './modules/catalogue/catalogue.module';
import { IdentityModule } from './modules/identity/identity.module';
import { VerificationsModule } from './modules/verifications/verifications.module';
import { MoneyModule } from './modules/money/money.module';
import { AdminModule } from './modules/admin/admin.module';
import { ApplicationsModule } from './modules/applications/applications.module';
import { RenderingModule } from './modules/rendering/rendering.module';
import { SharingModule } from './modules/sharing/sharing.module';
import { InsightsModule } from './modules/insights/insights.module';
import { ReferralsModule } from './modules/referrals/referrals.module';
import { HealthController } from './modules/health';
import { InfoController } from './modules/info';
import { AuditTrailModule } from './modules/audit';

@Module({})
export class AppModule {
  static forConfig(config: AppConfig, extraModules: DynamicModule['imports'] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        HealthInfraModule,
        AuthModule,
        DatabaseModule,
        EventStoreModule,
        QueueModule,
        ProjectionsModule.forRoot(projectionCatalog),
        // Before SeedingModule: both are global, so their bootstrap hooks run in this order, and the demo seeds
        // dispatch through the command bus, whose handlers CqrsModule registers in its hook.
        CqrsModule.forRoot(),
        SeedingModule,
        AuditModule,
        MailModule,
        CatalogueModule,
        IdentityModule,
        VerificationsModule,
        MoneyModule,
        AdminModule,
        ApplicationsModule,
        RenderingModule,
        SharingModule,
        InsightsModule,
        ReferralsModule,
        AuditTrailModule,
        ...extraModules,
      ],
      controllers: [InfoController, HealthController],
      providers: [
        { provide: APP_GUARD, useClass: SessionGuard },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
    };
  }
}
