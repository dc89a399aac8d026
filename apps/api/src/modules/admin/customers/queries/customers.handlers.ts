import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { oneRow, sqlPage, type Page } from '../../../../common/http/simple-rest';
import { PG_POOL } from '../../../../infrastructure/database/database.tokens';
import { customersResource } from '../customers.resource';
import { GetCustomerForStaff, ListCustomersForStaff } from './customer.queries';

/** The companies table with its user counts: identity's own records (not event-sourced), read as they are. */
@QueryHandler(ListCustomersForStaff)
export class ListCustomersForStaffHandler implements IQueryHandler<ListCustomersForStaff> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  execute({ query }: ListCustomersForStaff): Promise<Page<Record<string, unknown>>> {
    return sqlPage(this.pool, customersResource, query);
  }
}

@QueryHandler(GetCustomerForStaff)
export class GetCustomerForStaffHandler implements IQueryHandler<GetCustomerForStaff> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  execute({ id }: GetCustomerForStaff): Promise<Record<string, unknown>> {
    return oneRow(this.pool, customersResource, id, 'Customer');
  }
}

export const CUSTOMER_QUERY_HANDLERS = [ListCustomersForStaffHandler, GetCustomerForStaffHandler];
