import { contains, filterAs, type SqlResource } from '../../../common/http/simple-rest';

/** Every user with their company, for the console's `users` resource. */
export type UserSort = 'username' | 'firstname' | 'lastname' | 'companyName' | 'lastLoginAt' | 'createdAt';

export const usersResource: SqlResource<UserSort> = {
  resource: 'users',
  from: 'users u JOIN companies c ON c.id = u.company_id',
  id: 'u.id',
  select: [
    'u.id',
    'u.username',
    'u.firstname',
    'u.lastname',
    'u.phone',
    'u.company_id AS "companyId"',
    'c.name AS "companyName"',
    'c.individual',
    'u.admin',
    'u.pending',
    'u.disabled',
    'u.applicant',
    'u.staff_role AS "staffRole"',
    'u.custom_roles AS "customRoles"',
    'u.last_login_at AS "lastLoginAt"',
    'u.created_at AS "createdAt"',
  ].join(', '),
  sortable: {
    username: 'u.username',
    firstname: 'lower(u.firstname)',
    lastname: 'lower(u.lastname)',
    companyName: 'lower(c.name)',
    lastLoginAt: 'u.last_login_at',
    createdAt: 'u.created_at',
  },
  defaultSort: ['username', 'ASC'],
  filters: {
    q: (v, bind) => {
      const p = bind(contains(filterAs.text('q', v)));
      return `(u.username ILIKE ${p} OR u.firstname ILIKE ${p} OR u.lastname ILIKE ${p} OR (u.firstname || ' ' || u.lastname) ILIKE ${p} OR c.name ILIKE ${p})`;
    },
    companyId: (v, bind) => `u.company_id = ANY(${bind(filterAs.list(v))})`,
    pending: (v, bind) => `u.pending = ${bind(filterAs.boolean('pending', v))}`,
    disabled: (v, bind) => `u.disabled = ${bind(filterAs.boolean('disabled', v))}`,
    admin: (v, bind) => `u.admin = ${bind(filterAs.boolean('admin', v))}`,
    applicant: (v, bind) => `u.applicant = ${bind(filterAs.boolean('applicant', v))}`,
  },
};
