import { DomainError } from '@credence/domain';
import type { CreditMovementRow, InvoiceRow } from '@credence/read-models';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListQuery, Page } from '../../../../common/http/simple-rest';
import { presentAdminInvoice, presentMovement } from '../../http/money.presenters';
import { MoneyReads } from '../money-reads';
import {
  GetCreditMovementForStaff,
  GetInvoiceForStaff,
  ListCreditMovementsForStaff,
  ListInvoicesForStaff,
} from '../staff-money.queries';

/** Filter values as text (one value or a list); react-admin's getMany sends ids as a list. */
function filterWhere(
  filter: ListQuery<string>['filter'],
  columns: Record<string, string>,
  where: string[],
  values: unknown[],
) {
  for (const [field, column] of Object.entries(columns)) {
    const value = filter[field];
    if (value === undefined) continue;
    const list = (Array.isArray(value) ? value : [value]).map(String);
    where.push(`${column} = ANY($${values.push(list)})`);
  }
  if (filter.id) where.push(`id = ANY($${values.push(filter.id)})`);
}

function isoDate(value: unknown, name: string): string {
  const text = String(value).slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text)))
    throw new DomainError('invalid', `The filter '${name}' must be a date (yyyy-MM-dd).`);
  return text;
}

const dayAfter = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86400000).toISOString().slice(0, 10);

/** The invoices read model (rm_invoices), filtered by the console's allowlisted filters. */
@QueryHandler(ListInvoicesForStaff)
export class ListInvoicesForStaffHandler implements IQueryHandler<ListInvoicesForStaff> {
  constructor(private readonly reads: MoneyReads) {}

  async execute({ query: q }: ListInvoicesForStaff): Promise<Page<InvoiceRow>> {
    const where: string[] = [];
    const values: unknown[] = [];
    filterWhere(
      q.filter,
      { companyId: '"companyId"', status: 'status', kind: 'kind', billing: 'billing', username: 'username' },
      where,
      values,
    );
    if (q.filter.q !== undefined) {
      where.push(
        `(id ILIKE $${values.push(`%${String(q.filter.q)}%`)} OR "receiptId" ILIKE $${values.length} OR company->>'name' ILIKE $${values.length})`,
      );
    }
    // Dates (yyyy-MM-dd) bound the ISO timestamps: from the start of fromDate to the end of toDate.
    if (q.filter.fromDate !== undefined)
      where.push(`created >= $${values.push(isoDate(q.filter.fromDate, 'fromDate'))}`);
    if (q.filter.toDate !== undefined)
      where.push(`created < $${values.push(dayAfter(isoDate(q.filter.toDate, 'toDate')))}`);
    const { rows, total } = await this.reads.list<InvoiceRow>(
      'rm_invoices',
      where,
      values,
      `"${q.sort.field}" ${q.sort.order}`,
      q.offset,
      q.limit,
    );
    return { rows: rows.map(presentAdminInvoice), total };
  }
}

@QueryHandler(GetInvoiceForStaff)
export class GetInvoiceForStaffHandler implements IQueryHandler<GetInvoiceForStaff> {
  constructor(private readonly reads: MoneyReads) {}

  async execute({ id }: GetInvoiceForStaff): Promise<InvoiceRow> {
    const row = await this.reads.invoice(id);
    if (!row) throw new DomainError('not-found', 'Invoice not found.');
    return presentAdminInvoice(row);
  }
}

/** The credit movements read model (rm_credit_movements), filtered by the console's allowlisted filters. */
@QueryHandler(ListCreditMovementsForStaff)
export class ListCreditMovementsForStaffHandler implements IQueryHandler<ListCreditMovementsForStaff> {
  constructor(private readonly reads: MoneyReads) {}

  async execute({ query: q }: ListCreditMovementsForStaff): Promise<Page<CreditMovementRow>> {
    const where: string[] = [];
    const values: unknown[] = [];
    filterWhere(
      q.filter,
      {
        companyId: '"companyId"',
        type: 'type',
        unit: 'unit',
        verificationId: '"verificationId"',
        invoiceId: '"invoiceId"',
        username: 'username',
      },
      where,
      values,
    );
    const { rows, total } = await this.reads.list<CreditMovementRow>(
      'rm_credit_movements',
      where,
      values,
      // Movements made in the same instant (an order's purchase and the check it pays for) keep the order they
      // happened in, seq, in the sort's direction: otherwise a balance read down the list did not add up.
      `"${q.sort.field}" ${q.sort.order}, seq ${q.sort.order}`,
      q.offset,
      q.limit,
    );
    return { rows: rows.map(presentMovement), total };
  }
}

@QueryHandler(GetCreditMovementForStaff)
export class GetCreditMovementForStaffHandler implements IQueryHandler<GetCreditMovementForStaff> {
  constructor(private readonly reads: MoneyReads) {}

  async execute({ id }: GetCreditMovementForStaff): Promise<CreditMovementRow> {
    const row = await this.reads.movement(id);
    if (!row) throw new DomainError('not-found', 'Credit movement not found.');
    return presentMovement(row);
  }
}

/** The money read side's @QueryHandler classes, for the module's providers. */
export const MONEY_QUERY_HANDLERS = [
  ListInvoicesForStaffHandler,
  GetInvoiceForStaffHandler,
  ListCreditMovementsForStaffHandler,
  GetCreditMovementForStaffHandler,
];
