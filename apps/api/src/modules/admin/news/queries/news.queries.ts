import type { ListQuery } from '../../../../common/http/list-query';
import type { NewsSort } from '../news.resource';

/** GET /admin/news: one page of the news and maintenance alerts. */
export class ListNewsForStaff {
  constructor(readonly query: ListQuery<NewsSort>) {}
}

/** GET /admin/news/{id} (and the record after a staff change). */
export class GetNewsItemForStaff {
  constructor(readonly id: string) {}
}
