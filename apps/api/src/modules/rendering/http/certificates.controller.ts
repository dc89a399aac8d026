import { Controller, Get, Param, Query, Res, UseFilters, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { Public } from '../../../common/auth/public.decorator';
import { CertificateService } from '../certificates/certificate.service';
import { sendPdf } from './pdf-response';
import { RenderingErrorsFilter } from './rendering-errors.filter';
import { queryFlag } from './query-flags';

/** 'Download certificate' (verifications.md 2.9, 7): organisation users and application owners. */
@UseFilters(RenderingErrorsFilter)
@Controller('verification')
export class CertificateDownloadController {
  constructor(private readonly certificates: CertificateService) {}

  @Get(':id/downloads/result')
  async download(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query('ignoreNotes') ignoreNotes: unknown,
    @Query('brand') brand: unknown,
    @Res() res: Response,
  ) {
    const request = { ignoreNotes: queryFlag(ignoreNotes, 'ignoreNotes'), brand: queryFlag(brand, 'brand') };
    const pdf = await this.certificates.download(principal, id, request);
    sendPdf(res, pdf.filename, pdf.bytes, { 'X-Certificate-Code': pdf.code, 'X-Cache': pdf.cached ? 'HIT' : 'MISS' });
  }
}

/**
 * The public check behind the certificate's QR code and short URL. Public on purpose (the 128-bit code is the
 * credential, like a share link) and throttled per client IP so codes cannot be guessed by volume.
 */
@Controller('certificate')
@Public()
@UseGuards(ThrottlerGuard)
export class CertificateVerifyController {
  constructor(private readonly certificates: CertificateService) {}

  @Get(':code')
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  verify(@Param('code') code: string, @Query('sha256') sha256?: string) {
    return this.certificates.verify(code, typeof sha256 === 'string' ? sha256 : undefined);
  }
}
