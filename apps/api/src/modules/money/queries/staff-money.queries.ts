import type { ListQuery } from '../../../common/http/list-query';

export type InvoiceSort = 'created' | 'id' | 'totalMinor' | 'companyId' | 'status';
export type CreditMovementSort = 'created' | 'companyId' | 'type' | 'amount';

/** GET /admin/invoices: one page of every customer's invoices and receipts. */
export class ListInvoicesForStaff {
  constructor(readonly query: ListQuery<InvoiceSort>) {}
}

/** GET /admin/invoices/{id}. */
export class GetInvoiceForStaff {
  constructor(readonly id: string) {}
}

/** GET /admin/credit-movements: one page of every account's credit movements. */
export class ListCreditMovementsForStaff {
  constructor(readonly query: ListQuery<CreditMovementSort>) {}
}

/** GET /admin/credit-movements/{id}. */
export class GetCreditMovementForStaff {
  constructor(readonly id: string) {}
}
