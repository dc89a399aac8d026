import { contains, filterAs, type SqlResource } from '../../../common/http/simple-rest';

export type NoticeSort = 'createdAt' | 'scope' | 'published' | 'message';

/** The notices table, for the console's `notices` resource. */
export const noticesResource: SqlResource<NoticeSort> = {
  resource: 'notices',
  from: 'notices n',
  id: 'n.id',
  select: `n.id::int AS id, n.message, n.scope, n.type, n.institute_id AS "instituteId", n.region_id AS "regionId",
    n.published, n.created_at AS "createdAt", n.created_by AS "createdBy"`,
  sortable: {
    createdAt: 'n.created_at',
    scope: 'n.scope',
    published: 'n.published',
    message: 'lower(n.message)',
  },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    q: (v, bind) => `n.message ILIKE ${bind(contains(filterAs.text('q', v)))}`,
    scope: (v, bind) => `n.scope = ANY(${bind(filterAs.list(v))})`,
    published: (v, bind) => `n.published = ${bind(filterAs.boolean('published', v))}`,
  },
};
