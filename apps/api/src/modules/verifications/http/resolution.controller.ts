import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import { FileInterceptor } from '@nestjs/platform-express';
import type { DocumentRef } from '@credence/domain';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { Public } from '../../../common/auth/public.decorator';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MAX_DOCUMENT_BYTES, bytesOfDataUrl, tooLarge } from '../commands/document-intake';
import { AttachOutputDocument, AttachOutputDocumentByLink, ResolveVerification, ResolveVerificationByLink, type OutputFile, type UploadedPdf } from '../commands/handlers';
import { ResolveDto, UploadDocumentDto } from '../dto/submission.dto';
import { ResolverListQueryDto } from '../dto/verification-queries.dto';
import { GetPendingVerification, GetVerification, GetVerificationByResolveKey, GetVerificationDocument, ListResolverVerifications } from '../queries/verification.queries';
import { sendPdf } from '../../../common/http/pdf-response';

/**
 * The public resolve link's calls are throttled per client IP (verifications 2.11: 'rate limited'): the key is
 * 256 bits, so this is not what keeps it secret, but nobody probes or floods the link by volume. Reads allow a
 * resolver's reloads; writes fewer.
 */
const PUBLIC_READS = { default: { limit: 60, ttl: 60_000 } };
const PUBLIC_WRITES = { default: { limit: 20, ttl: 60_000 } };

/**
 * Institutes, parent accounts and staff resolve pending verifications (verifications.md 2.11); the public resolve
 * link does the same without a login, with an unguessable key (256 bits) instead of the id. Registered before the
 * customers' controller so `pending` and `resolved` are not read as an id.
 */
@ApiTags('verifications')
@Controller('verification')
export class ResolutionController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('pending')
  pending(@CurrentPrincipal() principal: Principal, @Query() query: ResolverListQueryDto) {
    return this.queryBus.execute(new ListResolverVerifications(principal, query, 'pending'));
  }

  @Get('resolved')
  resolved(@CurrentPrincipal() principal: Principal, @Query() query: ResolverListQueryDto) {
    return this.queryBus.execute(new ListResolverVerifications(principal, query, 'resolved'));
  }

  /** Public: the request behind a resolve link; 204 when it is already resolved ('Already Resolved'). */
  @Public()
  @Get('pending/key/:vkey')
  @UseGuards(ThrottlerGuard)
  @Throttle(PUBLIC_READS)
  async byKey(@Param('vkey') vkey: string, @Res({ passthrough: true }) res: Response) {
    const view = await this.queryBus.execute(new GetVerificationByResolveKey(vkey));
    if (!view) res.status(204);
    return view ?? undefined;
  }

  @Public()
  @Put('pending/key/:vkey')
  @UseGuards(ThrottlerGuard)
  @Throttle(PUBLIC_WRITES)
  async resolveByKey(@Param('vkey') vkey: string, @Body() body: ResolveDto) {
    const appended = await this.commandBus.execute(new ResolveVerificationByLink(vkey, body));
    return { id: appended.state.id, result: appended.state.result, message: 'Verification resolved, thank you.' };
  }

  @Public()
  @Get('pending/key/:vkey/document/:docId')
  @UseGuards(ThrottlerGuard)
  @Throttle(PUBLIC_READS)
  async documentByKey(@Param('vkey') vkey: string, @Param('docId') docId: string, @Res() res: Response) {
    const { doc, bytes } = await this.queryBus.execute(new GetVerificationDocument({ key: vkey }, docId));
    sendPdf(res, doc.filename, bytes);
  }

  /** Public: an output document attached through the resolve link (PDF, 5 MB), while the request is pending. */
  @Public()
  @Post('pending/key/:vkey/document')
  @UseGuards(ThrottlerGuard)
  @Throttle(PUBLIC_WRITES)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: 4 * MAX_DOCUMENT_BYTES, files: 1 } }))
  async uploadByKey(@Param('vkey') vkey: string, @Body() body: UploadDocumentDto, @UploadedFile() file: UploadedPdf | undefined) {
    return presentOutput(await this.commandBus.execute(new AttachOutputDocumentByLink(vkey, outputFile(body, file))));
  }

  /** An output document attached by the institute, parent account or staff resolving the request (2.9, 2.11). */
  @Post('pending/:id/document')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: 4 * MAX_DOCUMENT_BYTES, files: 1 } }))
  async upload(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: UploadDocumentDto, @UploadedFile() file: UploadedPdf | undefined) {
    return presentOutput(await this.commandBus.execute(new AttachOutputDocument(principal, id, outputFile(body, file))), id);
  }

  @Get('pending/:id')
  async pendingOne(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Res({ passthrough: true }) res: Response) {
    const view = await this.queryBus.execute(new GetPendingVerification(principal, id));
    if (!view) res.status(204);
    return view ?? undefined;
  }

  @Put('pending/:id')
  @HttpCode(200)
  async resolve(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: ResolveDto) {
    await this.commandBus.execute(new ResolveVerification(principal, id, body));
    return this.queryBus.execute(new GetVerification(principal, id, 'resolved'));
  }

  @Get('resolved/:id')
  resolvedOne(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.queryBus.execute(new GetVerification(principal, id, 'resolved'));
  }
}

/** The upload's two shapes (multipart field `file`, or JSON with a PDF data URL), as the customers' route reads them. */
function outputFile(body: UploadDocumentDto, file: UploadedPdf | undefined): OutputFile {
  if (file && file.size > MAX_DOCUMENT_BYTES) throw tooLarge(file.size);
  return { bytes: file ? file.buffer : bytesOfDataUrl(body.data), name: body.name, filename: body.filename ?? file?.originalname };
}

const presentOutput = (doc: DocumentRef, verificationId?: string) => ({
  id: doc.id,
  name: doc.name,
  type: doc.type,
  filename: doc.filename,
  size: doc.size,
  requirementId: null,
  required: false,
  output: true,
  ...(verificationId ? { verificationId } : {}),
});
