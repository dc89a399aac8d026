import { contains, filterAs, type SqlResource } from '../../../common/http/simple-rest';

export type CountryNotificationSort = 'createdAt' | 'countryCode' | 'active';

/** The country_notifications table (content staff write, not event-sourced) as the simple-rest resource. */
export const countryNotificationsResource: SqlResource<CountryNotificationSort> = {
  resource: 'country-notifications',
  from: 'country_notifications n',
  id: 'n.id',
  select: `n.id::int AS id, n.country_code AS "countryCode", n.message, n.link, n.link_name AS "linkName", n.active, n.created_at AS "createdAt",
    n.created_by AS "createdBy"`,
  sortable: { createdAt: 'n.created_at', countryCode: 'n.country_code', active: 'n.active' },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    q: (v, bind) => `n.message ILIKE ${bind(contains(filterAs.text('q', v)))}`,
    countryCode: (v, bind) => `n.country_code = ANY(${bind(filterAs.list(v).map((c) => c.toUpperCase()))})`,
    active: (v, bind) => `n.active = ${bind(filterAs.boolean('active', v))}`,
  },
};

export const COUNTRY_NOTIFICATION = 'Country notification';
