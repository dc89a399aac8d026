import { DomainError, expandResultFilter, isVerificationEvent, normaliseDate, verificationStream } from '@credence/domain';
import { Body, Controller, Get, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { ListQueryDto, type ListQuery } from '../../../common/http/list-query';
import { listResource, type ResourceSpec } from '../../../common/http/simple-rest';
// eslint-disable-next-line credence/module-boundaries -- the staff history view reads one stream's events; to move into a query handler (issue 14)
import { EVENT_STORE, type EventStore } from '../../../infrastructure/event-store/event-store.port';
import { CommandBus } from '@nestjs/cqrs';
import { AddVerificationComment, CancelVerification, MarkVerificationUnable, RecordVerificationAccreditation } from '../commands/handlers';
import { AccreditationDto, AdminCommentDto, CancelDto, UnableDto } from '../dto/submission.dto';
import { VerificationListQuery, type ListCriteria } from '../queries/verification-list.query';
import { VerificationViews } from '../queries/verification-views.service';
import { presentListRow } from './verification.presenter';

const ADMIN_LIST: ResourceSpec<'recorded' | 'updated' | 'result' | 'companyName' | 'instituteName'> = {
  resource: 'verifications',
  sortable: ['recorded', 'updated', 'result', 'companyName', 'instituteName'],
  filterable: ['q', 'companyId', 'result', 'results', 'instituteId', 'type', 'requestedBy', 'customerReference', 'fromDate', 'toDate', 'awaitingResolver'],
  defaultSort: ['recorded', 'DESC'],
  maxPageSize: 200,
};

/** The console's filters as list criteria; getMany's ids go into the query itself, before paging. */
function adminCriteria(f: ListQuery<string>['filter']): ListCriteria {
  const str = (v: unknown) => (v === undefined ? undefined : String(v));
  const listOf = (v: unknown) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).map(String));
  const day = (v: unknown, end: boolean) => {
    if (v === undefined) return undefined;
    const d = normaliseDate(String(v).slice(0, 10));
    if (!d) throw new DomainError('invalid', `The filter date ${String(v)} is not a date.`);
    const at = new Date(`${d}T00:00:00.000Z`);
    if (end) at.setUTCDate(at.getUTCDate() + 1);
    return at.toISOString();
  };
  const expanded = expandResultFilter([...listOf(f.result), ...listOf(f.results)], { showDeleted: true });
  if (expanded.unknown.length) throw new DomainError('invalid', `Unknown result filter: ${expanded.unknown.join(', ')}.`);
  return {
    scope: f.awaitingResolver === true || f.awaitingResolver === 'true' ? { kind: 'resolver', instituteIds: 'all', list: 'pending' } : { kind: 'all' },
    query: str(f.q),
    companyId: str(f.companyId),
    results: expanded.results.length ? expanded.results : null,
    includeDeleted: true,
    instituteId: str(f.instituteId),
    types: listOf(f.type),
    requestedBy: str(f.requestedBy),
    customerReference: str(f.customerReference),
    from: day(f.fromDate, false),
    to: day(f.toDate, true),
    ids: f.id,
  };
}

/** The staff console's `verifications` resource (ra-data-simple-rest) and the staff actions on one verification. */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/verifications')
export class AdminVerificationsController {
  constructor(
    private readonly lists: VerificationListQuery,
    private readonly views: VerificationViews,
    private readonly commandBus: CommandBus,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listResource(res, ADMIN_LIST, query, async (q) => {
      const { rows, total } = await this.lists.adminList(adminCriteria(q.filter), q.sort, q.offset, q.limit);
      return {
        rows: rows.map((r) => ({ ...presentListRow(r, 'history'), companyId: r.companyId, stage: r.stage, awaitingResolver: r.awaitingResolver, updated: r.updated })),
        total,
      };
    });
  }

  @Get(':id')
  one(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.views.get(principal, id);
  }

  /** Every event of the stream, as recorded: type, time, actor, impersonator, data (the stream is the source here). */
  @Get(':id/timeline')
  async timeline(@Param('id') id: string) {
    const events = await this.store.readStream(verificationStream(id));
    if (!events.length) throw new DomainError('not-found', 'Verification not found.');
    return events.filter(isVerificationEvent).map((e) => ({
      id: e.metadata.eventId,
      revision: Number(e.revision),
      type: e.type,
      time: e.metadata.occurredAt,
      actor: e.metadata.actor,
      impersonator: e.metadata.impersonator ?? null,
      correlationId: e.metadata.correlationId,
      data: redact(e.data as Record<string, unknown>),
    }));
  }

  @Post(':id/unable')
  async unable(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: UnableDto) {
    await this.commandBus.execute(new MarkVerificationUnable(principal, id, body.note ?? null));
    return this.views.get(principal, id);
  }

  @Post(':id/accreditation')
  async accreditation(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: AccreditationDto) {
    await this.commandBus.execute(
      new RecordVerificationAccreditation(principal, id, {
        status: body.status,
        authority: body.authority ?? null,
        approvedDate: new Date().toISOString().slice(0, 10),
        url: body.url ?? null,
      }),
    );
    return this.views.get(principal, id);
  }

  @Post(':id/comment')
  async comment(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: AdminCommentDto) {
    await this.commandBus.execute(new AddVerificationComment(principal, id, body.comment));
    return this.views.get(principal, id);
  }

  @Post(':id/cancel')
  async cancel(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: CancelDto) {
    await this.commandBus.execute(CancelVerification.fromRequest(principal, id, body));
    return this.views.get(principal, id);
  }
}

/** The resolve link's key never leaves the server in clear; its hash is shortened in the console. */
function redact(data: Record<string, unknown>): Record<string, unknown> {
  return 'resolveKeyHash' in data ? { ...data, resolveKeyHash: `${String(data.resolveKeyHash).slice(0, 8)}…` } : data;
}
