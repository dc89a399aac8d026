import { Global, Module, OnModuleInit } from '@nestjs/common';
import { SeedRegistry } from '../../infrastructure/seeding/seed.registry';
import { IdentityModule } from '../identity/identity.module';
import { RenderingModule } from '../rendering/rendering.module';
import { ApplicantRegistrations } from '../identity';
import { VerificationsModule } from '../verifications/verifications.module';
import { ApplicationDocuments } from './commands/application-documents';
import { ApplicationWriter } from './commands/application-writer';
import { APPLICATION_COMMAND_HANDLERS } from './commands/handlers';
import { APPLICATION_PRICING } from '../catalogue';
import { APPLICATION_MEMBERSHIP } from '../verifications';
import { ApplicationGateway } from './core/application-gateway';
import { ApplicationMembers } from './core/application-members';
import { ApplicationPricingFromApplications } from './core/application-pricing.port';
import { ApplicationReadModels } from './core/application-stream';
import { AdminApplicationsController } from './http/admin-applications.controller';
import { ApplicationsController } from './http/applications.controller';
import { ApplicationOpener } from './jobs/application-opener';
import { ApplicationMailProcessor } from './jobs/application-mail.processor';
import { ApplicationProcessors } from './jobs/application-processors';
import { ApplicationsReconcileSweeper } from './jobs/applications-reconcile.sweeper';
import { ApplicationNotifySweeper } from './jobs/application-notify.sweeper';
import { NotifyLedger, NotifySweeperDeps } from '../../infrastructure/queue/notify-ledger';
import { ApplicationJobsReactor } from './reactions/application-jobs.reactor';
import { ProjectionsService } from '../../infrastructure/projections/projections.service';
import { ApplicationListQuery } from './queries/application-list.query';
import { ApplicationAccess } from './queries/application-access';
import { ApplicationBundle } from './queries/application-bundle';
import { APPLICATION_QUERY_HANDLERS } from './queries/handlers/application-queries.handlers';
import { DemoApplicationsSeeder } from './seed/demo-applications.seeder';

/**
 * Applications (verifications.md 2.13, 3, 4, 7): an applicant's application to an organisation, with the details
 * and documents it asks for and the verifications it includes; every application is the event stream
 * `application-<id>`, decided by libs/domain and read through the read models of libs/read-models.
 *
 * Applications build on verifications (this module imports it); what verifications and the others need of
 * applications goes the other way through ports they declare (APPLICATION_MEMBERSHIP of verifications,
 * APPLICATION_PRICING of the catalogue), bound here. Global, so those modules need not import this one back.
 */
@Global()
@Module({
  imports: [IdentityModule, VerificationsModule, RenderingModule],
  controllers: [ApplicationsController, AdminApplicationsController],
  providers: [
    ApplicationReadModels,
    ApplicationMembers,
    ApplicationGateway,
    { provide: APPLICATION_MEMBERSHIP, useExisting: ApplicationGateway },
    { provide: APPLICATION_PRICING, useClass: ApplicationPricingFromApplications },
    ApplicationWriter, ApplicationDocuments, ...APPLICATION_COMMAND_HANDLERS, ApplicationAccess, ApplicationBundle, ...APPLICATION_QUERY_HANDLERS, ApplicationListQuery, ApplicationJobsReactor, ApplicationProcessors, ApplicationsReconcileSweeper, ApplicationMailProcessor, NotifyLedger, NotifySweeperDeps, ApplicationNotifySweeper, ApplicationOpener, DemoApplicationsSeeder,
  ],
  exports: [APPLICATION_MEMBERSHIP, APPLICATION_PRICING, ApplicationGateway],
})
export class ApplicationsModule implements OnModuleInit {
  constructor(
    private readonly registrations: ApplicantRegistrations,
    private readonly opener: ApplicationOpener,
    private readonly seeds: SeedRegistry,
    private readonly demo: DemoApplicationsSeeder,
    private readonly projections: ProjectionsService,
    private readonly reactor: ApplicationJobsReactor,
  ) {}

  onModuleInit() {
    this.projections.registerReactor(this.reactor.definition());
    this.registrations.listen(async (e) => {
      await this.opener.open(e);
    });
    this.seeds.register({ name: 'applications.demo', order: 60, demo: true, run: () => this.demo.run() });
  }
}
