import { Module, type OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '../../config/config.schema';
import { APP_CONFIG } from '../../config/config.tokens';
import { AdminCountriesController } from './admin/admin-countries.controller';
import { AdminInstitutesController } from './admin/admin-institutes.controller';
import { AdminRegionsController } from './admin/admin-regions.controller';
import { AdminInstitutesQuery } from './admin/admin-institutes.query';
import { AdminInstitutesService } from './admin/admin-institutes.service';
import { AdminReferenceReads } from './admin/admin-reference.reads';
import { AdminReferenceService } from './admin/admin-reference.service';
import { ADMIN_CATALOGUE_QUERY_HANDLERS } from './admin/queries/admin-catalogue.handlers';
import { CatalogueAudit } from './audit/catalogue-audit';
import { CompanyReferenceController } from './http/company-reference.controller';
import { InstitutesController } from './http/institutes.controller';
import { RegionsController } from './http/regions.controller';
import { ApplicationPricingLookup } from './pricing/application-pricing';
import { CountryVerificationFiguresQuery } from './queries/country-verification-figures.query';
import { InstituteDetailQuery } from './queries/institute-detail.query';
import { InstituteSearchQuery } from './queries/institute-search.query';
import { ReferenceDataQuery } from './queries/reference-data.query';
import { InstituteRecordsImport } from './records/institute-records-import';
import { InstituteRecordsService } from './records/institute-records.service';
import { InstituteRequestedMailer } from './requests/institute-requested.mailer';
import { InstituteRequestsService } from './requests/institute-requests.service';
import { InProcessInstituteIndex } from './search/in-process-institute-index';
import { InstituteIndexSync } from './search/institute-index-sync';
import { INSTITUTE_SEARCH_INDEX, type InstituteSearchIndex } from './search/institute-search.port';
import { MeilisearchInstituteIndex } from './search/meilisearch-institute-index';
import { CatalogueSeeder } from './seeding/catalogue.seeder';

/**
 * Institutes, countries, map regions, industries and institute records (issue 5). Other modules use
 * InstituteRecordsService (automatic checks) and InstituteDetailQuery (an institute by id).
 */
@Module({
  // The applications' pricing port (GET /institute/{id}?applicationId=), APPLICATION_PRICING, is bound by the
  // global ApplicationsModule.
  controllers: [
    CompanyReferenceController,
    InstitutesController,
    RegionsController,
    AdminInstitutesController,
    AdminCountriesController,
    AdminRegionsController,
  ],
  providers: [
    CatalogueAudit,
    CatalogueSeeder,
    ReferenceDataQuery,
    CountryVerificationFiguresQuery,
    InstituteSearchQuery,
    // The typo-tolerant search: this process's own index, or a Meilisearch server (SEARCH_ENGINE), kept current
    // from the catalogue's notifications either way.
    {
      provide: INSTITUTE_SEARCH_INDEX,
      inject: [APP_CONFIG],
      useFactory: ({ search }: AppConfig): InstituteSearchIndex =>
        search.kind === 'meilisearch'
          ? new MeilisearchInstituteIndex({
              url: search.url,
              apiKey: search.apiKey,
              indexUid: search.indexUid,
            })
          : new InProcessInstituteIndex(),
    },
    InstituteIndexSync,
    InstituteDetailQuery,
    InstituteRecordsService,
    InstituteRecordsImport,
    InstituteRequestsService,
    InstituteRequestedMailer,
    ApplicationPricingLookup,
    AdminInstitutesService,
    AdminInstitutesQuery,
    AdminReferenceService,
    AdminReferenceReads,
    ...ADMIN_CATALOGUE_QUERY_HANDLERS,
  ],
  exports: [InstituteRecordsService, InstituteDetailQuery],
})
export class CatalogueModule implements OnModuleInit {
  constructor(private readonly seeder: CatalogueSeeder) {}

  onModuleInit() {
    // The tables are made by the migrations (apps/api/migrations).
    this.seeder.register();
  }
}
