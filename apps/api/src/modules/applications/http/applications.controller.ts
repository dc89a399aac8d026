import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { CommandBus } from '@nestjs/cqrs';
import { MAX_DOCUMENT_BYTES } from '../../verifications';
import { sendPdf } from '../../../common/http/pdf-response';
import {
  AddApplicationDocument,
  applicationUpdateCommand,
  RemoveApplicationDocument,
  SelectApplicationVerifications,
} from '../commands/handlers';
import { ApplicationViews } from '../queries/application-views.service';
import { ApplicationUpdateDto, ApplicationUploadDto } from './application.dto';

interface UploadedPdf {
  buffer: Buffer;
  size: number;
  originalname: string;
}

/** The applications calls of verifications.md 7. Static paths come before `:id`. */
@ApiTags('applications')
@Controller('application')
export class ApplicationsController {
  constructor(
    private readonly views: ApplicationViews,
    private readonly commandBus: CommandBus,
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

  /** The spec's one shape, dispatched as the explicit command it means (submit, archive, save details). */
  @Put(':id')
  async update(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: ApplicationUpdateDto) {
    await this.commandBus.execute(applicationUpdateCommand(principal, id, body));
    return this.views.get(principal, id);
  }

  /** The verifications the application includes, as a list of ids (or {verificationIds}). */
  @Put(':id/verification')
  async select(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: unknown) {
    await this.commandBus.execute(SelectApplicationVerifications.fromRequest(principal, id, body));
    return this.views.get(principal, id);
  }

  @Post(':id/document')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: 4 * MAX_DOCUMENT_BYTES, files: 1 } }))
  async upload(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: ApplicationUploadDto, @UploadedFile() file: UploadedPdf | undefined) {
    const doc = await this.commandBus.execute(AddApplicationDocument.fromRequest(principal, id, body, file));
    return { id: doc.id, name: doc.name, filename: doc.filename, size: doc.size, requirementId: doc.requirementId, applicationId: id };
  }

  @Delete(':id/document/:docId')
  @HttpCode(204)
  async removeDocument(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Param('docId') docId: string) {
    await this.commandBus.execute(new RemoveApplicationDocument(principal, id, docId));
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
