import type { ListQuery } from '../../../../common/http/list-query';
import type { CustomerSort } from '../customers.resource';

/** GET /admin/customers: one page of the companies and individuals. */
export class ListCustomersForStaff {
  constructor(readonly query: ListQuery<CustomerSort>) {}
}

/** GET /admin/customers/{id} (and the record after a staff change). */
export class GetCustomerForStaff {
  constructor(readonly id: string) {}
}
