import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MAX_DOCUMENT_BYTES } from '../../verifications';
import { sendPdf } from '../../../common/http/pdf-response';
import {
  AddApplicationDocument,
  applicationUpdateCommand,
  RemoveApplicationDocument,
  SelectApplicationVerifications,
} from '../commands/handlers';
import { CountApplications, GetApplication, GetApplicationDocument, ListApplicationFilters, ListApplications, ListApplicationTemplates } from '../queries/application.queries';
import { ApplicationMetaQueryDto, ApplicationUpdateDto, ApplicationUploadDto, SelectVerificationsDto } from './application.dto';
import { BareListBody } from '../../../common/http/bare-list-body';

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
    private readonly queryBus: QueryBus,
    private readonly commandBus: CommandBus,
  ) {}

  @Get()
  // Not a DTO on purpose: besides page, size and the spec's filters, the owner's own custom fields are filters
  // (their keys are the owner's), checked against the owner's template by the list's criteria.
  list(@CurrentPrincipal() principal: Principal, @Req() req: Request) {
    return this.queryBus.execute(new ListApplications(principal, req.query as Record<string, unknown>));
  }

  @Get('filters')
  filters(@CurrentPrincipal() principal: Principal) {
    return this.queryBus.execute(new ListApplicationFilters(principal));
  }

  @Get('template')
  templates(@CurrentPrincipal() principal: Principal) {
    return this.queryBus.execute(new ListApplicationTemplates(principal));
  }

  @Get('meta')
  meta(@CurrentPrincipal() principal: Principal, @Query() query: ApplicationMetaQueryDto) {
    return this.queryBus.execute(new CountApplications(principal, query.status));
  }

  @Get(':id')
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.queryBus.execute(new GetApplication(principal, id));
  }

  /** The spec's one shape, dispatched as the explicit command it means (submit, archive, save details). */
  @Put(':id')
  async update(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: ApplicationUpdateDto) {
    await this.commandBus.execute(applicationUpdateCommand(principal, id, body));
    return this.queryBus.execute(new GetApplication(principal, id));
  }

  /** The verifications the application includes, as a list of ids (or {verificationIds}). */
  @Put(':id/verification')
  @UseInterceptors(BareListBody('verificationIds'))
  async select(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: SelectVerificationsDto) {
    await this.commandBus.execute(SelectApplicationVerifications.fromRequest(principal, id, body));
    return this.queryBus.execute(new GetApplication(principal, id));
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
    const { filename, bytes } = await this.queryBus.execute(new GetApplicationDocument(principal, id, docId));
    sendPdf(res, filename, bytes);
  }

  @Get(':id/downloads/result')
  async downloadAll(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Res() res: Response) {
    const { filename, bytes } = await this.queryBus.execute(new GetApplicationDocument(principal, id, 'all'));
    sendPdf(res, filename, bytes);
  }
}
