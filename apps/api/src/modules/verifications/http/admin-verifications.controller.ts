import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { AuditorsMayRead, StaffOnly } from '../../../common/auth/roles.decorator';
import { ListQueryDto } from '../../../common/http/list-query';
import { listResource, type ResourceSpec } from '../../../common/http/simple-rest';
import { AddVerificationComment, CancelVerification, MarkVerificationUnable, RecordVerificationAccreditation } from '../commands/handlers';
import { AccreditationDto, AdminCommentDto, CancelDto, UnableDto } from '../dto/submission.dto';
import { GetVerification, GetVerificationEvents, ListVerificationsForStaff } from '../queries/verification.queries';

const STAFF_LIST: ResourceSpec<'recorded' | 'updated' | 'result' | 'companyName' | 'instituteName'> = {
  resource: 'verifications',
  sortable: ['recorded', 'updated', 'result', 'companyName', 'instituteName'],
  filterable: ['q', 'companyId', 'result', 'results', 'instituteId', 'type', 'requestedBy', 'customerReference', 'fromDate', 'toDate', 'awaitingResolver'],
  defaultSort: ['recorded', 'DESC'],
  maxPageSize: 200,
};

/** The staff console's `verifications` resource (ra-data-simple-rest) and the staff actions on one verification. */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/verifications')
export class AdminVerificationsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @AuditorsMayRead()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listResource(res, STAFF_LIST, query, (q) => this.queryBus.execute(new ListVerificationsForStaff(q)));
  }

  @Get(':id')
  @AuditorsMayRead()
  one(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.queryBus.execute(new GetVerification(principal, id));
  }

  /** Every event of the stream, as recorded: type, time, actor, impersonator, data (the stream is the source here). */
  @Get(':id/timeline')
  @AuditorsMayRead()
  timeline(@Param('id') id: string) {
    return this.queryBus.execute(new GetVerificationEvents(id));
  }

  @Post(':id/unable')
  async unable(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: UnableDto) {
    await this.commandBus.execute(new MarkVerificationUnable(principal, id, body.note ?? null));
    return this.one(principal, id);
  }

  @Post(':id/accreditation')
  async accreditation(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: AccreditationDto) {
    const approvedDate = new Date().toISOString().slice(0, 10);
    await this.commandBus.execute(new RecordVerificationAccreditation(principal, id, { status: body.status, authority: body.authority ?? null, approvedDate, url: body.url ?? null }));
    return this.one(principal, id);
  }

  @Post(':id/comment')
  async comment(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: AdminCommentDto) {
    await this.commandBus.execute(new AddVerificationComment(principal, id, body.comment));
    return this.one(principal, id);
  }

  @Post(':id/cancel')
  async cancel(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: CancelDto) {
    await this.commandBus.execute(CancelVerification.fromRequest(principal, id, body));
    return this.one(principal, id);
  }
}
