import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { ensureSchema } from '../../infrastructure/database/ensure-schema';
import {
  AdminCountriesController,
  AdminInstitutesController,
  AdminRegionsController,
} from './admin/admin-catalogue.controllers';
import { AdminInstitutesService } from './admin/admin-institutes.service';
import { AdminReferenceService } from './admin/admin-reference.service';
import { CatalogueAudit } from './audit/catalogue-audit';
import { CompanyReferenceController } from './http/company-reference.controller';
import { InstitutesController } from './http/institutes.controller';
import { RegionsController } from './http/regions.controller';
import { CATALOGUE_SCHEMA } from './persistence/catalogue.schema';
import { backfillWordIndex } from './persistence/institute-writer';
import { ApplicationsCoreModule } from '../applications/core/applications-core.module';
import { ApplicationPricingLookup } from './pricing/application-pricing';
import { CountryVerificationFiguresQuery } from './queries/country-verification-figures.query';
import { InstituteDetailQuery } from './queries/institute-detail.query';
import { InstituteSearchQuery } from './queries/institute-search.query';
import { ReferenceDataQuery } from './queries/reference-data.query';
import { InstituteRecordsService } from './records/institute-records.service';
import { InstituteRequestedMailer } from './requests/institute-requested.mailer';
import { InstituteRequestsService } from './requests/institute-requests.service';
import { CatalogueSeeder } from './seeding/catalogue.seeder';

/**
 * Institutes, countries, map regions, industries and institute records (issue 5). Other modules use
 * InstituteRecordsService (automatic checks) and InstituteDetailQuery (an institute by id).
 */
@Module({
  // The applications' pricing port (GET /institute/{id}?applicationId=).
  imports: [ApplicationsCoreModule],
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
    InstituteDetailQuery,
    InstituteRecordsService,
    InstituteRequestsService,
    InstituteRequestedMailer,
    ApplicationPricingLookup,
    AdminInstitutesService,
    AdminReferenceService,
  ],
  exports: [InstituteRecordsService, InstituteDetailQuery],
})
export class CatalogueModule implements OnModuleInit {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly seeder: CatalogueSeeder,
  ) {}

  async onModuleInit() {
    await ensureSchema(this.pool, 'catalogue', CATALOGUE_SCHEMA);
    await backfillWordIndex(this.pool);
    this.seeder.register();
  }
}
