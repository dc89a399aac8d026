import type { ListQuery } from '../../../../common/http/list-query';
import type { UserSort } from '../users.resource';

/** GET /admin/users: one page of every customer's users. */
export class ListUsersForStaff {
  constructor(readonly query: ListQuery<UserSort>) {}
}

/** GET /admin/users/{id} (and the record after a staff change). */
export class GetUserForStaff {
  constructor(readonly id: string) {}
}
