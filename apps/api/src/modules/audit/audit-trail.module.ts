import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuditCheckpointsController, AuditController, AuditKeyController } from './audit.controller';
import { AuditSigner } from './audit-signer';
import { AuditTrailService } from './audit-trail.service';
import { AuditorReadOnlyInterceptor } from './auditor-read-only.interceptor';
import { CheckpointsService } from './checkpoints.service';

/** Auditing (issue 24): replay to any point, signed checkpoints of the hash-chained log, export and verify. */
@Module({
  controllers: [AuditController, AuditKeyController, AuditCheckpointsController],
  providers: [AuditSigner, CheckpointsService, AuditTrailService, { provide: APP_INTERCEPTOR, useClass: AuditorReadOnlyInterceptor }],
  exports: [CheckpointsService],
})
export class AuditTrailModule {}
