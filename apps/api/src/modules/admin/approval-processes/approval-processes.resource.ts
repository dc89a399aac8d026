import { contains, filterAs, type SqlResource } from '../../../common/http/simple-rest';

export type ApprovalProcessSort = 'name' | 'active' | 'createdAt';

/** The approval processes table, for the console's `approval-processes` resource. */
export const approvalProcessesResource: SqlResource<ApprovalProcessSort> = {
  resource: 'approval-processes',
  from: 'approval_processes p',
  id: 'p.id',
  select: `p.id::int AS id, p.name, p.description, p.active, p.created_at AS "createdAt"`,
  sortable: { name: 'lower(p.name)', active: 'p.active', createdAt: 'p.created_at' },
  defaultSort: ['name', 'ASC'],
  filters: {
    q: (v, bind) => {
      const p = bind(contains(filterAs.text('q', v)));
      return `(p.name ILIKE ${p} OR p.description ILIKE ${p})`;
    },
    active: (v, bind) => `p.active = ${bind(filterAs.boolean('active', v))}`,
  },
};
