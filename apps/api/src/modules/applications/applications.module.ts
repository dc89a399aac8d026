import { Module, OnModuleInit } from '@nestjs/common';
import { SeedRegistry } from '../../infrastructure/seeding/seed.registry';
import { IdentityModule } from '../identity/identity.module';
import { RenderingModule } from '../rendering/rendering.module';
import { ApplicantRegistrations } from '../identity';
import { VerificationsModule } from '../verifications/verifications.module';
import { ApplicationDocuments } from './commands/application-documents';
import { ApplicationWriter } from './commands/application-writer';
import { APPLICATION_COMMAND_HANDLERS } from './commands/handlers';
import { ApplicationsCoreModule } from './core/applications-core.module';
import { AdminApplicationsController } from './http/admin-applications.controller';
import { ApplicationsController } from './http/applications.controller';
import { ApplicationOpener } from './jobs/application-opener';
import { ApplicationProcessors } from './jobs/application-processors';
import { ApplicationJobsReactor } from './reactions/application-jobs.reactor';
import { ProjectionsService } from '../../infrastructure/projections/projections.service';
import { ApplicationListQuery } from './queries/application-list.query';
import { ApplicationViews } from './queries/application-views.service';
import { DemoApplicationsSeeder } from './seed/demo-applications.seeder';

/**
 * Applications (verifications.md 2.13, 3, 4, 7): an applicant's application to an organisation, with the details
 * and documents it asks for and the verifications it includes; every application is the event stream
 * `application-<id>`, decided by libs/domain and read through the read models of libs/read-models.
 */
@Module({
  imports: [ApplicationsCoreModule, IdentityModule, VerificationsModule, RenderingModule],
  controllers: [ApplicationsController, AdminApplicationsController],
  providers: [ApplicationWriter, ApplicationDocuments, ...APPLICATION_COMMAND_HANDLERS, ApplicationViews, ApplicationListQuery, ApplicationJobsReactor, ApplicationProcessors, ApplicationOpener, DemoApplicationsSeeder],
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
