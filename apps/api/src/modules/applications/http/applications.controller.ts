import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, UploadedFile, UseFilters, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiTags } from '@nestjs/swagger';
import { DomainError } from '@credence/domain';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { bytesOfDataUrl, MAX_DOCUMENT_BYTES, tooLarge } from '../../verifications/commands/document-intake';
import { VerificationErrorsFilter } from '../../verifications/http/verification-errors.filter';
import { sendPdf } from '../../verifications/http/verifications.controller';
import { ApplicationCommands } from '../commands/application-commands.service';
import { ApplicationViews } from '../queries/application-views.service';
import { ApplicationUpdateDto, ApplicationUploadDto } from './application.dto';

interface UploadedPdf {
  buffer: Buffer;
  size: number;
  originalname: string;
}

const invalid = (message: string) => new DomainError('invalid', message);

/** `fields` as [{key, value}] (the Application record's shape) or as {key: value}. */
function fieldMap(fields: unknown): Record<string, unknown> | undefined {
  if (fields === undefined || fields === null) return undefined;
  if (Array.isArray(fields)) {
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      if (!f || typeof f !== 'object' || typeof (f as { key?: unknown }).key !== 'string') throw invalid('Each field needs a key and a value.');
      out[(f as { key: string }).key] = (f as { value?: unknown }).value ?? null;
    }
    return out;
  }
  if (typeof fields === 'object') return fields as Record<string, unknown>;
  throw invalid('fields must be a list of {key, value} or an object.');
}

/** The applications calls of verifications.md 7. Static paths come before `:id`. */
@ApiTags('applications')
@UseFilters(VerificationErrorsFilter)
@Controller('application')
export class ApplicationsController {
  constructor(
    private readonly views: ApplicationViews,
    private readonly commands: ApplicationCommands,
  ) {}

  @Get()
  list(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>) {
    return this.views.list(principal, query);
  }

  @Get('filters')
  filters(@CurrentPrincipal() principal: Principal) {
    return this.views.filters(principal);
  }

  @Get('meta')
  meta(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>) {
    return this.views.meta(principal, query);
  }

  @Get(':id')
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.views.get(principal, id);
  }

  @Put(':id')
  async update(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: ApplicationUpdateDto) {
    const fields = fieldMap(body.fields);
    if (body.status && (fields || body.documents)) throw invalid('Change the status, or save fields and documents, not both at once.');
    if (body.status === 'ARCHIVED') await this.commands.archive(principal, id);
    else if (body.status === 'PENDING') await this.commands.submit(principal, id);
    else if (fields || body.documents) {
      await this.commands.saveDetails(principal, id, {
        fields,
        documents: body.documents?.map((d) => ({
          id: d.data ? undefined : d.id,
          name: d.name,
          filename: d.filename,
          requirementId: d.requirementId,
          bytes: d.data ? bytesOfDataUrl(d.data) : undefined,
        })),
      });
    } else throw invalid("Send {status: 'ARCHIVED'}, {status: 'PENDING'} or {fields, documents}.");
    return this.views.get(principal, id);
  }

  /** The verifications the application includes, as a list of ids (or {verificationIds}). */
  @Put(':id/verification')
  async select(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: unknown) {
    const ids = Array.isArray(body) ? body : (body as { verificationIds?: unknown } | null)?.verificationIds;
    if (!Array.isArray(ids) || ids.some((v) => typeof v !== 'string' && typeof v !== 'number') || ids.length > 100) {
      throw invalid('Send the verification ids as a list (at most 100).');
    }
    await this.commands.selectVerifications(principal, id, ids.map(String));
    return this.views.get(principal, id);
  }

  @Post(':id/document')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: 4 * MAX_DOCUMENT_BYTES, files: 1 } }))
  async upload(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: ApplicationUploadDto, @UploadedFile() file: UploadedPdf | undefined) {
    if (file && file.size > MAX_DOCUMENT_BYTES) throw tooLarge(file.size);
    const bytes = file ? file.buffer : bytesOfDataUrl(body.data);
    const doc = await this.commands.addDocument(principal, id, { bytes, name: body.name, requirementId: body.requirementId, filename: body.filename ?? file?.originalname });
    return { id: doc.id, name: doc.name, filename: doc.filename, size: doc.size, requirementId: doc.requirementId, applicationId: id };
  }

  @Delete(':id/document/:docId')
  @HttpCode(204)
  async removeDocument(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Param('docId') docId: string) {
    await this.commands.removeDocument(principal, id, docId);
  }

  @Get(':id/document/:docId')
  async document(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Param('docId') docId: string, @Res() res: Response) {
    const { filename, bytes } = await this.views.document(principal, id, docId);
    sendPdf(res, filename, bytes);
  }

  @Get(':id/downloads/result')
  async downloadAll(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Res() res: Response) {
    const { filename, bytes } = await this.views.downloadAll(principal, id);
    sendPdf(res, filename, bytes);
  }
}
