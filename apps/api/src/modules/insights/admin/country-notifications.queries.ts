import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { ListQuery } from '../../../common/http/list-query';
import { oneRow, sqlPage, type Page } from '../../../common/http/simple-rest';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import {
  COUNTRY_NOTIFICATION,
  countryNotificationsResource,
  type CountryNotificationSort,
} from './country-notifications.resource';

/** GET /admin/country-notifications: one page of the country notifications. */
export class ListCountryNotificationsForStaff {
  constructor(readonly query: ListQuery<CountryNotificationSort>) {}
}

/** GET /admin/country-notifications/{id} (and the record after a staff change). */
export class GetCountryNotificationForStaff {
  constructor(readonly id: string) {}
}

@QueryHandler(ListCountryNotificationsForStaff)
export class ListCountryNotificationsForStaffHandler
  implements IQueryHandler<ListCountryNotificationsForStaff>
{
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  execute({ query }: ListCountryNotificationsForStaff): Promise<Page<Record<string, unknown>>> {
    return sqlPage(this.pool, countryNotificationsResource, query);
  }
}

@QueryHandler(GetCountryNotificationForStaff)
export class GetCountryNotificationForStaffHandler implements IQueryHandler<GetCountryNotificationForStaff> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  execute({ id }: GetCountryNotificationForStaff): Promise<Record<string, unknown>> {
    return oneRow(this.pool, countryNotificationsResource, id, COUNTRY_NOTIFICATION);
  }
}

export const COUNTRY_NOTIFICATION_QUERY_HANDLERS = [
  ListCountryNotificationsForStaffHandler,
  GetCountryNotificationForStaffHandler,
];
