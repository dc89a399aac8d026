import type { ListQuery } from '../../../../common/http/list-query';
import type { AuditEventSort } from '../audit-event-rows';

/** GET /admin/audit-events: one page of one stream's events (or getMany's events by id). */
export class ListAuditEvents {
  constructor(readonly query: ListQuery<AuditEventSort>) {}
}

/** GET /admin/audit-events/{id}: one event by `<stream>@<revision>`. */
export class GetAuditEvent {
  constructor(readonly id: string) {}
}
