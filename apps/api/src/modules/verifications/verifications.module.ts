import { Inject, Logger, Module, OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import type { AppConfig } from '../../config/config.schema';
import { APP_CONFIG } from '../../config/config.tokens';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { ensureSchema } from '../../infrastructure/database/ensure-schema';
import { createTableSql } from '../../infrastructure/projections/projection-sql';
import { SeedRegistry } from '../../infrastructure/seeding/seed.registry';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { IdentityModule } from '../identity/identity.module';
import { MoneyModule } from '../money/money.module';
import { Actors } from './commands/actors';
import { DocumentIntake } from './commands/document-intake';
import { InlineDocuments } from './commands/inline-documents';
import { InstituteLookup } from './commands/institute-lookup';
import { SubmissionCheckout } from './commands/submission-checkout';
import { SubmissionPricing } from './commands/submission-pricing';
import { VerificationWriter } from './commands/verification-writer';
import { VerificationReadModels } from './commands/verification-stream';
import { VERIFICATION_COMMAND_HANDLERS } from './commands/handlers';
import { AdminVerificationsController } from './http/admin-verifications.controller';
import { IdentityController } from './http/identity.controller';
import { ResolutionController } from './http/resolution.controller';
import { VerificationsController } from './http/verifications.controller';
import { VerificationChecksProcessor } from './jobs/verification-checks.processor';
import { VerificationMailProcessor } from './jobs/verification-mail.processor';
import { StuckChecksSweeper } from './jobs/stuck-checks.sweeper';
import { NotifyLedger, NotifySweeperDeps } from '../../infrastructure/queue/notify-ledger';
import { VerificationNotifySweeper } from './jobs/verification-notify.sweeper';
import { VerificationJobsReactor } from './reactions/verification-jobs.reactor';
import { ResolveLinks } from './commands/resolve-links';
import { ProjectionsService } from '../../infrastructure/projections/projections.service';
import { VerificationMailer } from './mail/verification-mailer';
import { BLOB_STORE, BLOB_STORE_CONFIG, type BlobStoreConfig } from './ports/blob-store.port';
import { CatalogueInstituteDirectory } from './ports/catalogue-institute-directory';
import { MoneyVerificationPayments } from './ports/money-verification-payments';
import { IDENTITY_PROVIDER } from './ports/identity-provider.port';
import { INSTITUTE_DIRECTORY } from './ports/institute-directory.port';
import { LocalBlobStore } from './ports/local-blob-store';
import { S3BlobStore } from './ports/s3-blob-store';
import { SANDBOX_IDENTITY_OPTIONS, SandboxIdentityProvider } from './ports/sandbox-identity-provider';
import { VERIFICATION_PAYMENTS } from './ports/verification-payments.port';
import { verificationListDefinition, VERIFICATION_LIST_TABLE } from './projections/verification-tables';
import { VerificationDetailQuery } from './queries/verification-detail.query';
import { VerificationListQuery } from './queries/verification-list.query';
import { VerificationReaders } from './queries/verification-readers';
import { VERIFICATION_QUERY_HANDLERS } from './queries/handlers';
import { VerificationAccess } from './queries/verification-access';
import { DemoVerificationSteps } from './seed/demo-verification-steps';
import { DemoVerificationsSeeder } from './seed/demo-verifications.seeder';

/**
 * The verification lifecycle (issue 7, verifications.md): every verification is the event stream
 * `verification-<QCID>`, decided by libs/domain and read through the read models of libs/read-models.
 */
@Module({
  // The applications' side of a verification comes through APPLICATION_MEMBERSHIP, bound by the applications module.
  imports: [IdentityModule, CatalogueModule, MoneyModule],
  // ResolutionController first: its static paths (pending, resolved) must not be read as a verification id.
  controllers: [ResolutionController, VerificationsController, IdentityController, AdminVerificationsController],
  providers: [
    Actors,
    VerificationReadModels,
    ...VERIFICATION_COMMAND_HANDLERS,
    DocumentIntake,
    VerificationJobsReactor,
    ResolveLinks,
    VerificationMailer,
    VerificationChecksProcessor,
    VerificationMailProcessor,
    StuckChecksSweeper,
    NotifyLedger,
    NotifySweeperDeps,
    VerificationNotifySweeper,
    VerificationWriter,
    InstituteLookup,
    InlineDocuments,
    SubmissionPricing,
    SubmissionCheckout,
    VerificationReaders,
    VerificationListQuery,
    VerificationDetailQuery,
    VerificationAccess,
    ...VERIFICATION_QUERY_HANDLERS,
    DemoVerificationSteps,
    DemoVerificationsSeeder,
    { provide: INSTITUTE_DIRECTORY, useClass: CatalogueInstituteDirectory },
    { provide: VERIFICATION_PAYMENTS, useClass: MoneyVerificationPayments },
    { provide: SANDBOX_IDENTITY_OPTIONS, useFactory: () => ({ completeAfterMs: 5000 }) },
    SandboxIdentityProvider,
    { provide: IDENTITY_PROVIDER, useExisting: SandboxIdentityProvider },
    // Where documents go: BLOB_DIR (a folder) by default, an S3-compatible bucket when S3_BUCKET is set.
    { provide: BLOB_STORE_CONFIG, inject: [APP_CONFIG], useFactory: (config: AppConfig): BlobStoreConfig => config.blobs },
    {
      provide: BLOB_STORE,
      inject: [BLOB_STORE_CONFIG],
      useFactory: (c: BlobStoreConfig) => (c.kind === 's3' ? new S3BlobStore(c) : new LocalBlobStore(c.root)),
    },
  ],
  // For applications: the documents' store, and the verification views an organisation reads applications with.
  exports: [BLOB_STORE, DocumentIntake, VerificationDetailQuery, VerificationMailer, VerificationReaders, DemoVerificationsSeeder],
})
export class VerificationsModule implements OnModuleInit {
  private readonly logger = new Logger('Verifications');

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly seeds: SeedRegistry,
    private readonly demo: DemoVerificationsSeeder,
    private readonly projections: ProjectionsService,
    private readonly reactor: VerificationJobsReactor,
  ) {}

  async onModuleInit() {
    this.projections.registerReactor(this.reactor.definition());
    // The quick search (name, QCID, reference) needs a trigram index, which the projection's index list cannot
    // express; made here, and again at the next start after a rebuild replaces the table.
    try {
      await ensureSchema(this.pool, 'verifications-search', [
        `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
        ...createTableSql(verificationListDefinition.table),
        `CREATE INDEX IF NOT EXISTS "${VERIFICATION_LIST_TABLE}_search_trgm" ON "${VERIFICATION_LIST_TABLE}" USING gin ("search" gin_trgm_ops)`,
      ]);
    } catch (e) {
      this.logger.warn(`quick-search index not created: ${(e as Error).message}`);
    }
    this.seeds.register({ name: 'verifications.demo', order: 50, demo: true, run: () => this.demo.run() });
  }
}
