import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { typedQuery } from '../../../../common/http/list-query';
import { AdminInstitutesQuery, INSTITUTE_FILTERS } from '../admin-institutes.query';
import { AdminReferenceReads } from '../admin-reference.reads';
import { InstituteRecordsService } from '../../records/institute-records.service';
import {
  GetCountryForStaff,
  GetInstituteForStaff,
  GetRegionForStaff,
  INSTITUTE_RECORD_FILTERS,
  ListCountriesForStaff,
  ListInstituteRecordsForStaff,
  ListInstitutesForStaff,
  ListRegionsForStaff,
} from './admin-catalogue.queries';

/** The catalogue's tables (staff-maintained reference data, not event-sourced), read as they are. */
@QueryHandler(ListInstitutesForStaff)
export class ListInstitutesForStaffHandler implements IQueryHandler<ListInstitutesForStaff> {
  constructor(private readonly institutes: AdminInstitutesQuery) {}

  execute({ query }: ListInstitutesForStaff) {
    return this.institutes.list(typedQuery(query, INSTITUTE_FILTERS));
  }
}

@QueryHandler(GetInstituteForStaff)
export class GetInstituteForStaffHandler implements IQueryHandler<GetInstituteForStaff> {
  constructor(private readonly institutes: AdminInstitutesQuery) {}

  execute({ id }: GetInstituteForStaff) {
    return this.institutes.get(id);
  }
}

@QueryHandler(ListInstituteRecordsForStaff)
export class ListInstituteRecordsForStaffHandler implements IQueryHandler<ListInstituteRecordsForStaff> {
  constructor(private readonly records: InstituteRecordsService) {}

  execute({ instituteId, query }: ListInstituteRecordsForStaff) {
    const { filter, sort, offset, limit } = typedQuery(query, INSTITUTE_RECORD_FILTERS);
    return this.records.list(instituteId, {
      offset,
      limit,
      q: filter.q,
      ids: filter.id,
      byId: sort.field === 'id' ? sort.order : undefined,
    });
  }
}

@QueryHandler(ListCountriesForStaff)
export class ListCountriesForStaffHandler implements IQueryHandler<ListCountriesForStaff> {
  constructor(private readonly reference: AdminReferenceReads) {}

  execute({ query }: ListCountriesForStaff) {
    return this.reference.listCountries(query);
  }
}

@QueryHandler(GetCountryForStaff)
export class GetCountryForStaffHandler implements IQueryHandler<GetCountryForStaff> {
  constructor(private readonly reference: AdminReferenceReads) {}

  execute({ id }: GetCountryForStaff) {
    return this.reference.country(id);
  }
}

@QueryHandler(ListRegionsForStaff)
export class ListRegionsForStaffHandler implements IQueryHandler<ListRegionsForStaff> {
  constructor(private readonly reference: AdminReferenceReads) {}

  execute({ query }: ListRegionsForStaff) {
    return this.reference.listRegions(query);
  }
}

@QueryHandler(GetRegionForStaff)
export class GetRegionForStaffHandler implements IQueryHandler<GetRegionForStaff> {
  constructor(private readonly reference: AdminReferenceReads) {}

  execute({ id }: GetRegionForStaff) {
    return this.reference.region(id);
  }
}

export const ADMIN_CATALOGUE_QUERY_HANDLERS = [
  ListInstitutesForStaffHandler,
  GetInstituteForStaffHandler,
  ListInstituteRecordsForStaffHandler,
  ListCountriesForStaffHandler,
  GetCountryForStaffHandler,
  ListRegionsForStaffHandler,
  GetRegionForStaffHandler,
];
