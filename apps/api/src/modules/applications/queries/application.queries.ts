import type { Principal } from '../../../common/auth/principal';
import type { ListQuery } from '../../../common/http/list-query';
import type { StaffSort } from './application-list.query';

/** The reads of the applications API, each answered by one @QueryHandler from the application read model. */

/** GET /application: the history (organisations), the open and past applications (individuals), all (staff). */
export class ListApplications {
  constructor(readonly principal: Principal, readonly query: Record<string, unknown>) {}
}

/** GET /application/filters: the owner's fields offered as filters. */
export class ListApplicationFilters {
  constructor(readonly principal: Principal) {}
}

/** GET /application/template: the application templates the caller's organisation owns (money 3, 7). */
export class ListApplicationTemplates {
  constructor(readonly principal: Principal) {}
}

/** GET /application/meta?status=: counts per status, and the open count. */
export class CountApplications {
  constructor(readonly principal: Principal, readonly status: string | string[] | undefined) {}
}

/** GET /application/{id}, as the caller reads it (staff: with the console's link fields). */
export class GetApplication {
  constructor(readonly principal: Principal, readonly id: string) {}
}

/** GET /application/{id}/document/{docId} and /downloads/result. */
export class GetApplicationDocument {
  constructor(readonly principal: Principal, readonly id: string, readonly documentId: string | 'all') {}
}

/** GET /admin/applications: one page of the staff list. */
export class ListApplicationsForStaff {
  constructor(readonly query: ListQuery<StaffSort>) {}
}

/** GET /admin/applications/{id}. */
export class GetApplicationForStaff {
  constructor(readonly id: string) {}
}
