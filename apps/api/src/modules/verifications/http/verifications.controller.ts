import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, UploadedFile, UseFilters, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { bytesOfDataUrl, MAX_DOCUMENT_BYTES, tooLarge } from '../commands/document-intake';
import { LifecycleService } from '../commands/lifecycle.service';
import { SubmissionService, type SubmissionResult } from '../commands/submission.service';
import { CancelDto, SubmissionBodyDto, UploadDocumentDto } from '../dto/submission.dto';
import { VerificationViews } from '../queries/verification-views.service';
import { VerificationErrorsFilter } from './verification-errors.filter';
import { flag } from './list-params';

/** Multer's file as this controller reads it. */
interface UploadedPdf {
  buffer: Buffer;
  size: number;
  originalname: string;
}

/** Multipart uploads are read up to this size, so an oversized file is answered with its size in the spec's words. */
const MULTIPART_LIMIT = 4 * MAX_DOCUMENT_BYTES;

/** Customers' verification routes (verifications.md 7). Static paths come before `:id`. */
@ApiTags('verifications')
@UseFilters(VerificationErrorsFilter)
@Controller('verification')
export class VerificationsController {
  constructor(
    private readonly submissions: SubmissionService,
    private readonly lifecycle: LifecycleService,
    private readonly views: VerificationViews,
  ) {}

  @Get()
  list(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>) {
    return this.views.history(principal, query);
  }

  @Get('summary')
  summary(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>) {
    return this.views.summary(principal, query);
  }

  @Get('meta')
  meta(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>) {
    return this.views.meta(principal, query);
  }

  @Post()
  async create(@CurrentPrincipal() principal: Principal, @Body() body: SubmissionBodyDto, @Query() query: Record<string, unknown>) {
    const autosubmit = query.autosubmit !== 'false';
    const result = await this.submissions.create(principal, body, autosubmit);
    return this.answer(principal, result, !!body.verifications);
  }

  @Get(':id')
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.views.get(principal, id);
  }

  @Put(':id')
  async update(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: SubmissionBodyDto, @Query() query: Record<string, unknown>) {
    const result = await this.submissions.update(principal, id, body, { submit: flag(query, 'resub') || flag(query, 'push') });
    return this.answer(principal, result, !!body.verifications);
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    await this.lifecycle.delete(principal, id);
  }

  @Post(':id/cancel')
  async cancel(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: CancelDto) {
    await this.lifecycle.cancel(principal, id, body.reason ?? null);
    return this.views.get(principal, id);
  }

  @Get(':id/auditevent')
  timeline(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.views.timeline(principal, id);
  }

  /** A PDF as multipart (field `file`) or as JSON {name, requirementId, data: 'data:application/pdf;base64,...'}. */
  @Post(':id/document')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MULTIPART_LIMIT, files: 1 } }))
  async upload(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: UploadDocumentDto,
    @UploadedFile() file: UploadedPdf | undefined,
  ) {
    const bytes = file ? file.buffer : bytesOfDataUrl(body.data);
    if (file && file.size > MAX_DOCUMENT_BYTES) throw tooLarge(file.size);
    const doc = await this.lifecycle.upload(principal, id, {
      bytes,
      name: body.name,
      requirementId: body.requirementId ?? body.id,
      filename: body.filename ?? file?.originalname,
    });
    return { id: doc.id, name: doc.name, type: doc.type, filename: doc.filename, size: doc.size, requirementId: doc.requirementId, required: doc.requirementId !== null, output: false, verificationId: id };
  }

  @Delete(':id/document/:docId')
  @HttpCode(204)
  async removeDocument(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Param('docId') docId: string) {
    await this.lifecycle.removeDocument(principal, id, docId);
  }

  @Get(':id/document/:docId')
  async document(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Param('docId') docId: string, @Res() res: Response) {
    const { doc, bytes } = await this.views.document(principal, id, docId);
    sendPdf(res, doc.filename, bytes);
  }

  private async answer(principal: Principal, result: SubmissionResult, asList: boolean) {
    const records = await Promise.all(result.ids.map(async (id) => ({ ...(await this.views.get(principal, id)), invoiceId: result.invoiceId, paymentDue: result.paymentDue })));
    return asList ? records : records[0];
  }
}

export function sendPdf(res: Response, filename: string, bytes: Buffer) {
  res
    .status(200)
    .setHeader('Content-Type', 'application/pdf')
    .setHeader('Content-Disposition', `attachment; filename="${filename.replace(/["\\\r\n]/g, '_')}"`)
    .setHeader('Cache-Control', 'private, no-store')
    .setHeader('X-Content-Type-Options', 'nosniff')
    .end(bytes);
}
