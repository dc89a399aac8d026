import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { sendPdf } from '../../../common/http/pdf-response';
import { MAX_DOCUMENT_BYTES } from '../commands/document-intake';
import {
  AttachVerificationDocument,
  CancelVerification,
  DeleteVerification,
  RemoveVerificationDocument,
  SaveVerification,
  SubmitVerifications,
  type UploadedPdf,
} from '../commands/handlers';
import type { SubmissionResult } from '../commands/submission-entry';
import { InstituteLookup } from '../commands/institute-lookup';
import { CancelDto, QuoteDto, SubmissionBodyDto, UploadDocumentDto } from '../dto/submission.dto';
import { APPLICATION_MEMBERSHIP, type ApplicationMembership } from '../ports/application-membership.port';
import { SubmissionPricing } from '../commands/submission-pricing';
import { checkQuoteSize, presentQuote, quoteItem } from './order-quote.presenter';
import { SubmissionQueryDto, VerificationListQueryDto, VerificationMetaQueryDto } from '../dto/verification-queries.dto';
import { CountVerifications, GetVerification, GetVerificationDocument, GetVerificationTimeline, ListVerificationHistory, SummariseVerifications } from '../queries/verification.queries';
import { RerunAfterPartialCommit } from '../../../infrastructure/idempotency/rerun-after-partial-commit';


/** Multipart uploads are read up to this size, so an oversized file is answered with its size in the spec's words. */
const MULTIPART_LIMIT = 4 * MAX_DOCUMENT_BYTES;

/**
 * Customers' verification routes (verifications.md 7). Static paths come before `:id`. Writes build their command
 * once from the request and go through the command bus; the answer is read from the read models.
 */
@ApiTags('verifications')
@Controller('verification')
export class VerificationsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly institutes: InstituteLookup,
    private readonly pricing: SubmissionPricing,
    @Inject(APPLICATION_MEMBERSHIP) private readonly applications: ApplicationMembership,
  ) {}

  @Get()
  list(@CurrentPrincipal() principal: Principal, @Query() query: VerificationListQueryDto) {
    return this.queryBus.execute(new ListVerificationHistory(principal, query));
  }

  @Get('summary')
  summary(@CurrentPrincipal() principal: Principal, @Query() query: VerificationListQueryDto) {
    return this.queryBus.execute(new SummariseVerifications(principal, query));
  }

  @Get('meta')
  meta(@CurrentPrincipal() principal: Principal, @Query() query: VerificationMetaQueryDto) {
    return this.queryBus.execute(new CountVerifications(principal, query));
  }

  /**
   * A keyed submission that died after its order was paid but before any verification was written is run again by
   * its retry: its verification ids derive from the key, so the order is found paid (not charged twice) and the
   * verifications are written. Once any verification was written, the retry answers 'answer lost' as before.
   */
  @Post()
  @RerunAfterPartialCommit((streams) => !streams.some((s) => s.startsWith('verification-')))
  async create(@CurrentPrincipal() principal: Principal, @Body() body: SubmissionBodyDto, @Query() query: SubmissionQueryDto) {
    return this.answer(principal, await this.commandBus.execute(SubmitVerifications.fromRequest(principal, body, query)), !!body.verifications);
  }

  /** The order review's figures (money 2.9) for verifications about to be submitted; nothing is recorded. */
  @Post('quote')
  @HttpCode(200)
  async quote(@CurrentPrincipal() principal: Principal, @Body() body: QuoteDto) {
    checkQuoteSize(body.verifications);
    // Inside an application the figures are the ones its submission will charge (its scheme, who pays).
    const application = body.applicationId ? await this.applications.openFor(principal, body.applicationId) : null;
    const lines = await Promise.all(
      body.verifications.map(async (v, i) => {
        const institute = (await this.institutes.get(v.instituteId))!;
        return { item: quoteItem(v, i, institute), institute };
      }),
    );
    return presentQuote(await this.pricing.preview(principal, lines, application, body.creditPurchase?.amount ?? null));
  }

  @Get(':id')
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.queryBus.execute(new GetVerification(principal, id));
  }

  @Put(':id')
  async update(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: SubmissionBodyDto, @Query() query: SubmissionQueryDto) {
    return this.answer(principal, await this.commandBus.execute(SaveVerification.fromRequest(principal, id, body, query)), !!body.verifications);
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    await this.commandBus.execute(new DeleteVerification(principal, id));
  }

  @Post(':id/cancel')
  async cancel(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: CancelDto) {
    await this.commandBus.execute(CancelVerification.fromRequest(principal, id, body));
    return this.queryBus.execute(new GetVerification(principal, id));
  }

  @Get(':id/auditevent')
  timeline(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.queryBus.execute(new GetVerificationTimeline(principal, id));
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
    const doc = await this.commandBus.execute(AttachVerificationDocument.fromRequest(principal, id, body, file));
    return { id: doc.id, name: doc.name, type: doc.type, filename: doc.filename, size: doc.size, requirementId: doc.requirementId, required: doc.requirementId !== null, output: false, verificationId: id };
  }

  @Delete(':id/document/:docId')
  @HttpCode(204)
  async removeDocument(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Param('docId') docId: string) {
    await this.commandBus.execute(new RemoveVerificationDocument(principal, id, docId));
  }

  @Get(':id/document/:docId')
  async document(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Param('docId') docId: string, @Res() res: Response) {
    const { doc, bytes } = await this.queryBus.execute(new GetVerificationDocument({ principal, id }, docId));
    sendPdf(res, doc.filename, bytes);
  }

  private async answer(principal: Principal, result: SubmissionResult, asList: boolean) {
    const records = await Promise.all(result.ids.map(async (id) => ({ ...(await this.queryBus.execute(new GetVerification(principal, id))), invoiceId: result.invoiceId, paymentDue: result.paymentDue })));
    return asList ? records : records[0];
  }
}
