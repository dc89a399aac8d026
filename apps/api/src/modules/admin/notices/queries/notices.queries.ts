import type { ListQuery } from '../../../../common/http/list-query';
import type { NoticeSort } from '../notices.resource';

/** GET /admin/notices: one page of the notices. */
export class ListNoticesForStaff {
  constructor(readonly query: ListQuery<NoticeSort>) {}
}

/** GET /admin/notices/{id} (and the record after a staff change). */
export class GetNoticeForStaff {
  constructor(readonly id: string) {}
}
