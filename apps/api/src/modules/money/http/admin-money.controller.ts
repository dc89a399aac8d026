import { Body, Controller, Get, Headers, Param, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DomainError } from '@credence/domain';
import type { CreditMovementRow, InvoiceRow } from '@credence/read-models';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { parseListQuery, setContentRange, type ListQuery } from '../../../common/http/simple-rest';
import { CommandBus } from '@nestjs/cqrs';
import { SettleInvoice } from '../commands/settle-invoice.handler';
import { CreditGrantDto, RefundVerificationDto, SettleInvoiceDto } from '../dto/credit.dto';
import { CreditAdjustmentsService } from '../orders/credit-adjustments.service';
import { MoneyReads } from '../queries/money-reads';
import { idempotencyKeyOf } from './idempotency';
import { presentAdminInvoice, presentMovement } from './money.presenters';

/** Filter values as text (one value or a list); react-admin's getMany sends ids as a list. */
function filterWhere(filter: ListQuery<string>['filter'], columns: Record<string, string>, where: string[], values: unknown[]) {
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
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text))) throw new DomainError('invalid', `The filter '${name}' must be a date (yyyy-MM-dd).`);
  return text;
}

const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86400000).toISOString().slice(0, 10);

/** Staff resources `invoices` and `credit-movements` (read), and the credit-grants command. */
@ApiTags('admin')
@StaffOnly()
@Controller('admin')
export class AdminMoneyController {
  constructor(
    private readonly reads: MoneyReads,
    private readonly adjustments: CreditAdjustmentsService,
    private readonly commandBus: CommandBus,
  ) {}

  @Get('invoices')
  async invoices(@Query() query: Record<string, string>, @Res({ passthrough: true }) res: Response) {
    const q = parseListQuery(query, {
      sortable: ['created', 'id', 'totalMinor', 'companyId', 'status'],
      filterable: ['companyId', 'status', 'kind', 'billing', 'username', 'q', 'fromDate', 'toDate'],
      defaultSort: ['created', 'DESC'],
    });
    const where: string[] = [];
    const values: unknown[] = [];
    filterWhere(q.filter, { companyId: '"companyId"', status: 'status', kind: 'kind', billing: 'billing', username: 'username' }, where, values);
    if (q.filter.q !== undefined) {
      where.push(`(id ILIKE $${values.push(`%${String(q.filter.q)}%`)} OR "receiptId" ILIKE $${values.length} OR company->>'name' ILIKE $${values.length})`);
    }
    // Dates (yyyy-MM-dd) bound the ISO timestamps: from the start of fromDate to the end of toDate.
    if (q.filter.fromDate !== undefined) where.push(`created >= $${values.push(isoDate(q.filter.fromDate, 'fromDate'))}`);
    if (q.filter.toDate !== undefined) where.push(`created < $${values.push(dayAfter(isoDate(q.filter.toDate, 'toDate')))}`);
    const { rows, total } = await this.reads.list<InvoiceRow>('rm_invoices', where, values, `"${q.sort.field}" ${q.sort.order}`, q.offset, q.limit);
    setContentRange(res, 'invoices', q, rows.length, total);
    return rows.map(presentAdminInvoice);
  }

  @Get('invoices/:id')
  async invoice(@Param('id') id: string) {
    const row = await this.reads.invoice(id);
    if (!row) throw new DomainError('not-found', 'Invoice not found.');
    return presentAdminInvoice(row);
  }

  /** An invoice account's invoice marked paid (reference, day the money arrived); audited. */
  @Post('invoices/:id/settlement')
  settle(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: SettleInvoiceDto) {
    return this.commandBus.execute(new SettleInvoice({ username: p.username, impersonator: p.impersonator }, id, body));
  }

  /** What a verification cost, given back: by card to the card (through the payment provider), else as credit; audited. */
  @Post('refunds')
  refund(@CurrentPrincipal() p: Principal, @Body() body: RefundVerificationDto) {
    return this.adjustments.refundVerification({ username: p.username, impersonator: p.impersonator }, body.companyId, body.verificationId, body.reason);
  }

  @Get('credit-movements')
  async movements(@Query() query: Record<string, string>, @Res({ passthrough: true }) res: Response) {
    const q = parseListQuery(query, {
      sortable: ['created', 'companyId', 'type', 'amount'],
      filterable: ['companyId', 'type', 'unit', 'verificationId', 'invoiceId', 'username'],
      defaultSort: ['created', 'DESC'],
    });
    const where: string[] = [];
    const values: unknown[] = [];
    filterWhere(
      q.filter,
      { companyId: '"companyId"', type: 'type', unit: 'unit', verificationId: '"verificationId"', invoiceId: '"invoiceId"', username: 'username' },
      where,
      values,
    );
    const { rows, total } = await this.reads.list<CreditMovementRow>('rm_credit_movements', where, values, `"${q.sort.field}" ${q.sort.order}`, q.offset, q.limit);
    setContentRange(res, 'credit-movements', q, rows.length, total);
    return rows.map(presentMovement);
  }

  @Get('credit-movements/:id')
  async movement(@Param('id') id: string) {
    const row = await this.reads.movement(id);
    if (!row) throw new DomainError('not-found', 'Credit movement not found.');
    return presentMovement(row);
  }

  /** Grant (positive amount) or remove (negative) credit with a reason; audited. */
  @Post('credit-grants')
  grant(@CurrentPrincipal() p: Principal, @Body() body: CreditGrantDto, @Headers('idempotency-key') key?: string) {
    return this.adjustments.adjust({ username: p.username, impersonator: p.impersonator }, body, idempotencyKeyOf(key));
  }
}
