import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import type { CreditInfo, SavedCardView } from '@credence/api-contract';
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

/** A saved card's id as the provider makes tokens: anything else is no card of ours. */
function cardId(raw: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(raw)) throw new DomainError('not-found', 'Saved card not found.');
  return raw;
}

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

  /** 'Save card for later' (2.9): the account's saved cards, masked ('Visa ending 1111'), for the next payment. */
  @Get('cards')
  async cards(@CurrentPrincipal() p: Principal): Promise<SavedCardView[]> {
    const account = await this.cardPayer(p);
    return (await this.gateway.savedCards(account.companyId)).map((c) => ({
      id: c.token,
      cardType: c.cardType,
      last4: c.last4,
      expiry: `${c.expirationMonth.padStart(2, '0')}/${c.expirationYear}`,
      label: `${c.cardType} ending ${c.last4}`,
    }));
  }

  /** A saved card removed from the provider's vault. */
  @Delete('cards/:id')
  @HttpCode(204)
  async removeCard(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<void> {
    const account = await this.cardPayer(p);
    if (!(await this.gateway.removeSavedCard(account.companyId, cardId(id)))) throw new DomainError('not-found', 'Saved card not found.');
  }

  /** Paying with a saved card: a single-use nonce for it, sent back as btNonce like a new card's. */
  @Post('cards/:id/nonce')
  @HttpCode(200)
  async savedCardNonce(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<{ nonce: string }> {
    const account = await this.cardPayer(p);
    const nonce = await this.gateway.savedCardNonce(account.companyId, cardId(id));
    if (!nonce) throw new DomainError('not-found', 'Saved card not found.');
    return { nonce };
  }

  private async cardPayer(p: Principal) {
    const account = await this.accounts.get(p.companyId);
    if (account.paymentType !== 'CARD') throw new DomainError('forbidden', 'Saved cards are for accounts that pay by card.');
    return account;
  }

  /** Order Credits: the order goes to the account manager. */
  @Post('order')
  order(@CurrentPrincipal() p: Principal, @Body() body: CreditOrderDto, @Headers('idempotency-key') key?: string) {
    return this.commandBus.execute(new OrderCredits(p, body, idempotencyKeyOf(key, body.clientReference)));
  }
}
