import { booleanFilters, contains, filterAs, type SqlResource } from '../../../common/http/simple-rest';

const FLAG_COLUMNS = {
  hasCountryAccess: 'c.has_country_access',
  hasAnalyticsAccess: 'c.has_analytics_access',
  hasReportsAccess: 'c.has_reports_access',
  hasApplicants: 'c.has_applicants',
  inviteApplicants: 'c.invite_applicants',
  hasReferrals: 'c.has_referrals',
  sharingDisabled: 'c.sharing_disabled',
  accreditationEnabled: 'c.accreditation_enabled',
  showDeleted: 'c.show_deleted',
  hasDiscount: 'c.has_discount',
  refRequired: 'c.ref_required',
};

const USER_COUNT = `(SELECT count(*)::int FROM users u WHERE u.company_id = c.id AND NOT u.disabled)`;

/** Companies and individuals as the console's `customers` resource. */
export type CustomerSort = 'name' | 'id' | 'paymentType' | 'currency' | 'country' | 'createdAt' | 'userCount' | 'individual';

export const customersResource: SqlResource<CustomerSort> = {
  resource: 'customers',
  from: 'companies c',
  id: 'c.id',
  select: [
    'c.id',
    'c.name',
    'c.individual',
    'c.payment_type AS "paymentType"',
    'c.currency',
    'c.vat_payer AS "vatPayer"',
    'c.country_id AS country',
    ...Object.entries(FLAG_COLUMNS).map(([name, column]) => `${column} AS "${name}"`),
    'c.ref_label AS "refLabel"',
    'c.app_ref_label AS "appRefLabel"',
    'c.allowed_types AS "allowedTypes"',
    'c.institute_id AS "instituteId"',
    'c.applicant_pays AS "applicantPays"',
    'c.created_at AS "createdAt"',
    `${USER_COUNT} AS "userCount"`,
  ].join(', '),
  sortable: {
    name: 'lower(c.name)',
    id: 'c.id',
    paymentType: 'c.payment_type',
    currency: 'c.currency',
    country: 'c.country_id',
    createdAt: 'c.created_at',
    userCount: USER_COUNT,
    individual: 'c.individual',
  },
  defaultSort: ['name', 'ASC'],
  filters: {
    q: (v, bind) => {
      const p = bind(contains(filterAs.text('q', v)));
      return `(c.name ILIKE ${p} OR c.id ILIKE ${p} OR EXISTS (SELECT 1 FROM users u WHERE u.company_id = c.id AND u.username ILIKE ${p}))`;
    },
    individual: (v, bind) => `c.individual = ${bind(filterAs.boolean('individual', v))}`,
    paymentType: (v, bind) => `c.payment_type = ANY(${bind(filterAs.list(v))})`,
    currency: (v, bind) => `c.currency = ANY(${bind(filterAs.list(v))})`,
    country: (v, bind) => `c.country_id = ANY(${bind(filterAs.list(v))})`,
    vatPayer: (v, bind) => `c.vat_payer = ${bind(filterAs.boolean('vatPayer', v))}`,
    ...booleanFilters(FLAG_COLUMNS),
  },
};
