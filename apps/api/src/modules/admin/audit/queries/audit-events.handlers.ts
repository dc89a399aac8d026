import { DomainError } from '@credence/domain';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { filterAs, memoryPage, type Page } from '../../../../common/http/simple-rest';
import { EVENT_STORE, type EventStore } from '../../../../infrastructure/event-store/event-store.port';
import {
  auditEventRow,
  auditEventsResource,
  parseEventId,
  STREAM_NAME,
  type AuditEventRow,
} from '../audit-event-rows';
import { GetAuditEvent, ListAuditEvents } from './audit-events.queries';

/** The events asked for by id (`<stream>@<revision>`), each read on its own; ids that name no event are left out. */
async function byIds(store: EventStore, ids: string[]): Promise<AuditEventRow[]> {
  const rows: AuditEventRow[] = [];
  for (const id of ids) {
    const ref = parseEventId(id);
    if (!ref) continue;
    const [event] = await store.readStream(ref.stream, { fromRevision: ref.revision, maxCount: 1 });
    if (event && event.revision === ref.revision) rows.push(auditEventRow(event));
  }
  return rows;
}

/**
 * The events of one stream, as recorded. Like the staff verification timeline, this read is of the event store on
 * purpose: an audit shows the log itself, the source the read models come from. Always one stream at a time: the
 * whole log is not a list.
 */
@QueryHandler(ListAuditEvents)
export class ListAuditEventsHandler implements IQueryHandler<ListAuditEvents> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ query }: ListAuditEvents): Promise<Page<AuditEventRow>> {
    const { filter } = query;
    if (filter.id && filter.stream === undefined)
      return memoryPage(await byIds(this.store, filter.id), auditEventsResource, query);
    if (filter.stream === undefined) {
      throw new DomainError(
        'invalid',
        'Choose a stream: filter {"stream":"audit-<company id>"} or {"stream":"verification-<id>"}.',
      );
    }
    const stream = filterAs.text('stream', filter.stream);
    if (!STREAM_NAME.test(stream)) throw new DomainError('invalid', 'That is not a stream name.');
    return memoryPage((await this.store.readStream(stream)).map(auditEventRow), auditEventsResource, query);
  }
}

@QueryHandler(GetAuditEvent)
export class GetAuditEventHandler implements IQueryHandler<GetAuditEvent> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ id }: GetAuditEvent): Promise<AuditEventRow> {
    const [row] = await byIds(this.store, [id]);
    if (!row) throw new DomainError('not-found', 'Event not found.');
    return row;
  }
}

export const AUDIT_EVENT_QUERY_HANDLERS = [ListAuditEventsHandler, GetAuditEventHandler];
