import { DomainError, expandResultFilter, isVerificationEvent, normaliseDate, verificationStream } from '@credence/domain';
import type { StaffVerificationRow, VerificationEventView } from '@credence/api-contract';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListQuery } from '../../../../common/http/list-query';
import { EVENT_STORE, type EventStore } from '../../../../infrastructure/event-store/event-store.port';
import { presentListRow } from '../../http/verification.presenter';
import { VerificationListQuery, type ListCriteria } from '../verification-list.query';
import { GetVerificationEvents, ListVerificationsForStaff } from '../verification.queries';

/** The console's filters as list criteria; getMany's ids go into the query itself, before paging. */
function staffCriteria(f: ListQuery<string>['filter']): ListCriteria {
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

@QueryHandler(ListVerificationsForStaff)
export class ListVerificationsForStaffHandler implements IQueryHandler<ListVerificationsForStaff> {
  constructor(private readonly lists: VerificationListQuery) {}

  async execute({ query }: ListVerificationsForStaff): Promise<{ rows: StaffVerificationRow[]; total: number }> {
    const { rows, total } = await this.lists.adminList(staffCriteria(query.filter), query.sort, query.offset, query.limit);
    return {
      rows: rows.map((r) => ({ ...presentListRow(r, 'history'), companyId: r.companyId, stage: r.stage, awaitingResolver: r.awaitingResolver, updated: r.updated })),
      total,
    };
  }
}

/** The resolve link's key never leaves the server in clear; its hash is shortened in the console. */
function redact(data: Record<string, unknown>): Record<string, unknown> {
  return 'resolveKeyHash' in data ? { ...data, resolveKeyHash: `${String(data.resolveKeyHash).slice(0, 8)}…` } : data;
}

/**
 * Every event of one stream, as recorded: type, time, actor, impersonator, data. The one read here that is not of a
 * read model, on purpose: the staff history view shows the stream itself, the source the read models come from.
 */
@QueryHandler(GetVerificationEvents)
export class GetVerificationEventsHandler implements IQueryHandler<GetVerificationEvents> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ id }: GetVerificationEvents): Promise<VerificationEventView[]> {
    const events = await this.store.readStream(verificationStream(id));
    if (!events.length) throw new DomainError('not-found', 'Verification not found.');
    return events.filter(isVerificationEvent).map((e) => ({
      id: e.metadata.eventId,
      revision: Number(e.revision),
      type: e.type,
      time: e.metadata.occurredAt,
      actor: e.metadata.actor ?? null,
      impersonator: e.metadata.impersonator ?? null,
      correlationId: e.metadata.correlationId ?? null,
      data: redact(e.data as Record<string, unknown>),
    }));
  }
}
