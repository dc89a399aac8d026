import { Controller, Get, Header, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../common/auth/public.decorator';
import { StaffOnly } from '../../common/auth/roles.decorator';
import { AuditAccessGuard } from './audit-access.guard';
import { AuditSigner } from './audit-signer';
import { AuditTrailService } from './audit-trail.service';
import { CheckpointsService } from './checkpoints.service';
import { parseReplayPoint } from './replay';

/** Auditors' view of one verification: its state at any point, its history as a signed bundle, and a check of it. */
@ApiTags('admin')
@UseGuards(AuditAccessGuard)
@Controller('admin/verifications')
export class AuditController {
  constructor(private readonly audit: AuditTrailService) {}

  /** ?at=<revision> or ?at=<ISO-8601 instant> (events the store had recorded by then); no at: the latest state. */
  @Get(':id/state')
  state(@Param('id') id: string, @Query('at') at: unknown) {
    return this.audit.replay(id, parseReplayPoint(at));
  }

  @Get(':id/export')
  async export(@Param('id') id: string, @Res({ passthrough: true }) res: Response) {
    const bundle = await this.audit.bundle(id);
    res.setHeader('Content-Disposition', `attachment; filename="${id}-audit-bundle.json"`);
    return bundle;
  }

  @Get(':id/verify')
  verify(@Param('id') id: string) {
    return this.audit.verify(id);
  }
}

@ApiTags('audit')
@Controller('audit')
export class AuditKeyController {
  constructor(private readonly signer: AuditSigner) {}

  /** The key checkpoints are signed with, published so an exported bundle's key can be compared with it. */
  @Public()
  @Get('public-key')
  publicKey(@Query('format') format: unknown, @Res({ passthrough: true }) res: Response) {
    if (format === 'pem') {
      res.type('application/x-pem-file');
      return this.signer.publicKeyPem;
    }
    return { algorithm: 'Ed25519', publicKey: this.signer.publicKeyPem, fingerprint: this.signer.fingerprint };
  }

}

@ApiTags('admin')
@StaffOnly()
@Controller('admin/audit')
export class AuditCheckpointsController {
  constructor(private readonly checkpoints: CheckpointsService) {}

  /** Signs a checkpoint now rather than at the next interval (staff administrators). */
  @Post('checkpoints')
  @Header('Cache-Control', 'no-store')
  async checkpoint() {
    const made = await this.checkpoints.checkpoint();
    return made ? { created: true, ...made.body } : { created: false };
  }
}
