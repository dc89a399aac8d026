import type { ListQuery } from '../../../../common/http/list-query';
import type { COUNTRY_SORTS, REGION_SORTS } from '../admin-reference.reads';
import type { INSTITUTE_SORTS } from '../admin-institutes.query';

/** GET /admin/institutes: one page of the stored institutes with their counts. */
export class ListInstitutesForStaff {
  constructor(readonly query: ListQuery<(typeof INSTITUTE_SORTS)[number]>) {}
}

/** GET /admin/institutes/{id}. */
export class GetInstituteForStaff {
  constructor(readonly id: string) {}
}

/** GET /admin/countries: one page of the ISO countries with their institute counts. */
export class ListCountriesForStaff {
  constructor(readonly query: ListQuery<(typeof COUNTRY_SORTS)[number]>) {}
}

/** GET /admin/countries/{id}. */
export class GetCountryForStaff {
  constructor(readonly id: string) {}
}

/** GET /admin/regions: one page of the map's M49 regions with their member countries. */
export class ListRegionsForStaff {
  constructor(readonly query: ListQuery<(typeof REGION_SORTS)[number]>) {}
}

/** GET /admin/regions/{id}. */
export class GetRegionForStaff {
  constructor(readonly id: string) {}
}

/** The filters of an institute's records: q, a name prefix (and getMany's ids, which every resource takes). */
export const INSTITUTE_RECORD_FILTERS = { q: 'text' } as const;

/** GET /admin/institutes/{id}/records: one page of an institute's records. */
export class ListInstituteRecordsForStaff {
  constructor(
    readonly instituteId: string,
    readonly query: ListQuery<'lastName'>,
  ) {}
}
