import { Body, Controller, Get, Headers, Inject, Param, Post, Query } from '@nestjs/common';
import type { CreditInfo } from '@credence/api-contract';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { currencySymbol, DomainError, fromMinor, usesTokens } from '@credence/domain';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { BuyCreditDto, CreditOrderDto } from '../dto/credit.dto';
import { BuyCredit } from '../commands/buy-credit.handler';
import { OrderCredits } from '../commands/order-credits.handler';
import { InvoiceInbox } from '../orders/invoice-inbox.service';
import { MoneyAccounts } from '../orders/money-accounts';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../payments/payment-gateway.port';
import { CustomerInvoices } from '../queries/customer-invoices';
import { MoneyReads } from '../queries/money-reads';
import { idempotencyKeyOf } from './idempotency';
import { presentHistoryRow, presentInvoice } from './money.presenters';

const PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 200;

function pageParam(raw: string | undefined, name: string, fallback: number, min: number, max: number) {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new DomainError('invalid', `The ${name} parameter must be a whole number from ${min} to ${max}.`);
  return n;
}

/** The credit balance, Buy Credit, Order Credits and the credit history with its invoices (money 2.4, 2.11-2.14, 7). */
@ApiTags('credit')
@Controller('credit')
export class CreditController {
  constructor(
    private readonly accounts: MoneyAccounts,
    private readonly reads: MoneyReads,
    private readonly commandBus: CommandBus,
    private readonly inbox: InvoiceInbox,
    private readonly invoices: CustomerInvoices,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  /** credit (money in major units, or credits), btToken for the card form, vatPayer. */
  @Get()
  async info(@CurrentPrincipal() p: Principal, @Query('includeBTToken') includeBTToken?: string): Promise<CreditInfo> {
    const account = await this.accounts.get(p.companyId);
    const tokens = usesTokens(account.paymentType);
    const balance = await this.reads.balance(p.companyId, tokens ? 'credits' : 'money');
    const wantsToken = includeBTToken !== 'false' && account.paymentType === 'CARD';
    return {
      credit: tokens ? balance : fromMinor(balance),
      btToken: wantsToken ? await this.gateway.clientToken({ customerId: account.companyId, email: p.username }) : null,
      vatPayer: account.vatPayer,
      usesTokens: tokens,
      currency: account.currency,
      currencySymbol: currencySymbol(account.currency),
      unseenInvoices: (await this.inbox.counts(p.companyId, p.userId)).unseen,
    };
  }

  /** Buy Credit: charge the card, add to the credit, answer the new invoice's id and the total added. */
  @Post()
  buy(@CurrentPrincipal() p: Principal, @Body() body: BuyCreditDto, @Headers('idempotency-key') key?: string) {
    return this.commandBus.execute(new BuyCredit(p, body, idempotencyKeyOf(key, body.clientReference)));
  }

  /** Invoices (Receipts for individuals), newest first; opening it resets the unseen-invoice counter. */
  @Get('history')
  async history(@CurrentPrincipal() p: Principal, @Query('page') pageRaw?: string, @Query('size') sizeRaw?: string) {
    const page = pageParam(pageRaw, 'page', 0, 0, 1_000_000);
    const size = pageParam(sizeRaw, 'size', PAGE_SIZE, 1, MAX_PAGE_SIZE);
    const account = await this.accounts.get(p.companyId);
    // 'processed by you [and your team]': a restricted team member sees their own rows.
    const ownOnly = await this.invoices.ownOnly(p);
    const { rows, total } = await this.reads.history(p.companyId, { offset: page * size, limit: size, username: ownOnly ? p.username : undefined });
    await this.inbox.markSeen(p);
    return { content: rows.map((r) => presentHistoryRow(r, account.individual)), totalSize: total };
  }

  @Get('history/:id')
  async invoice(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    return presentInvoice(await this.invoices.get(p, id));
  }

  /** Order Credits: the order goes to the account manager. */
  @Post('order')
  order(@CurrentPrincipal() p: Principal, @Body() body: CreditOrderDto, @Headers('idempotency-key') key?: string) {
    return this.commandBus.execute(new OrderCredits(p, body, idempotencyKeyOf(key, body.clientReference)));
  }
}
