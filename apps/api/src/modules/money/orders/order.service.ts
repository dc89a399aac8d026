import { Inject, Injectable } from '@nestjs/common';
import {
  availableCredit,
  creditDecider,
  creditStream,
  DomainError,
  extraCreditError,
  fromMinor,
  invoiceDecider,
  invoiceStream,
  planMoneyOrder,
  planTokenOrder,
  toMinor,
  type CreditPurchased,
  type CreditReserved,
  type CreditState,
  type CreditCommand,
  type CreditUnit,
  type InvoiceBilling,
  type IssueInvoice,
  type PayInvoice,
  type MoneyOrderPlan,
  type TokenOrderPlan,
  type OrderLineInput,
  type Payment,
  type Price,
  type PurchaseLine,
  type VerificationPaymentMethod,
} from '@credence/domain';
import type { Principal } from '../../../common/auth/principal';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { moneyId, moneyStep, type MoneyActor } from '../ledger/money-ids';
import { CommandLocks } from '../persistence/command-locks';
import { InvoiceNumbers } from '../persistence/invoice-numbers';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../payments/payment-gateway.port';
import { MoneyAccounts, type MoneyAccount } from './money-accounts';
import { MoneyProjections } from './money-projections';
import { cardPayment, creditInvoice, creditSettlement, moneyCharges, orderIds, orderInvoice, tokenCharges } from './order-records';
import { paymentFailure, paymentRequired } from './payment-errors';

/** The order part of POST /verification and PUT /verification/{id} (verifications.md 7, money 2.10). */
export interface PlaceOrderRequest {
  /** The verifications paid for, priced by the caller (catalogue prices, or the application's pricingScheme). */
  items: OrderLineInput[];
  /** The submission's creditPurchase: extra credit to buy (major units, 0-1000), the card nonce, save the card. */
  creditPurchase?: { amount?: number | null; btNonce?: string | null; btSaveCard?: boolean | null } | null;
  /** Same key, same order: a retry never charges twice. E.g. the request's Idempotency-Key, or the verification ids. */
  idempotencyKey: string;
  /**
   * Whether the application owner pays (an application whose applicantPays is false): nothing is charged. Unset:
   * the account decides (an applicant account whose owner pays).
   */
  applicationOwnerPays?: boolean;
}

const ownerPays = (principal: Principal, account: { applicantPays: boolean }, explicit: boolean | undefined) =>
  explicit ?? (principal.isApplicant && !account.applicantPays);

export interface PlaceOrderResult {
  /** PAID: recorded (charged, invoiced, or spent). UNPAID: a card payer gave no card token; nothing was recorded. */
  status: 'PAID' | 'UNPAID';
  reason: 'CARD_TOKEN_REQUIRED' | null;
  /** The order's invoice (null for token payers and for applicants whose application's owner pays). */
  invoiceId: string | null;
  /** The invoice of the extra credit bought with the order, if any. */
  creditInvoiceId: string | null;
  unit: CreditUnit | null;
  currency: string | null;
  /** card: paid now; invoice: on account, to be paid; credit: wholly from current credit; tokens; none: not paid here. */
  billing: InvoiceBilling | 'tokens' | 'none';
  /** The invoice total (subtotal + VAT - current credit used), in major units. */
  total: number;
  /** Current credit used towards the order, in major units. */
  creditUsed: number;
  /** Taken from the card now (the invoice total plus any extra credit), in major units. */
  paid: number;
  /** Credits spent (token payers). */
  creditsSpent: number;
  transactionId: string | null;
  /** Spendable balance after the order: major units for money, credits for token payers. */
  balance: number;
  /** Per verification: how it was paid and what it cost (VAT included), for the verification's own record. */
  payments: Record<string, Payment>;
}

/** The order review's figures (minor units for money), as OrderService.preview answers them. */
export type OrderPreview =
  | { unit: 'none' }
  | (TokenOrderPlan & { balance: number })
  | (MoneyOrderPlan & { currency: string; paymentType: string; creditAvailableMinor: number });

const MAX_KEY = 200;

/**
 * Prices and pays an order of verifications: token payers spend a credit per check; card payers use their current
 * credit first (held while the card is charged), pay the rest by card and get an invoice; invoice payers are
 * invoiced. Everything a command writes has ids derived from its idempotency key, so a retry answers the first
 * result, and a failed card payment records nothing but the release of any credit it held.
 */
@Injectable()
export class OrderService {
  constructor(
    private readonly accounts: MoneyAccounts,
    private readonly commands: CommandHandling,
    private readonly numbers: InvoiceNumbers,
    private readonly locks: CommandLocks,
    private readonly projections: MoneyProjections,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  /** What each verification costs this caller (VAT included), without paying: the order review's figures. */
  async quote(principal: Principal, items: OrderLineInput[], options: { applicationOwnerPays?: boolean } = {}): Promise<Record<string, Price>> {
    const account = await this.accounts.get(principal.companyId);
    const out: Record<string, Price> = {};
    if (ownerPays(principal, account, options.applicationOwnerPays)) {
      for (const i of items) out[i.verificationId] = { currency: account.currency, net: 0, vat: 0, total: 0, credits: 0 };
      return out;
    }
    if (account.unit === 'credits') {
      for (const l of planTokenOrder({ lines: items, paymentType: account.paymentType }).lines) {
        out[l.verificationId] = { currency: 'CREDITS', net: 0, vat: 0, total: 0, credits: l.checkCredits + l.accreditationCredits };
      }
      return out;
    }
    if (!account.unit) throw new DomainError('forbidden', 'This account does not order verifications.');
    const plan = planMoneyOrder({ lines: items, vatPayer: account.vatPayer, hasDiscount: account.hasDiscount, paymentType: account.paymentType, creditAvailableMinor: 0, extraCreditMinor: 0 });
    for (const l of plan.lines) {
      const gross = l.checkChargeMinor + l.accreditationChargeMinor;
      out[l.verificationId] = { currency: account.currency, net: fromMinor(l.totalMinor), vat: fromMinor(gross - l.totalMinor), total: fromMinor(gross), credits: 0 };
    }
    return out;
  }

  /**
   * The order review before anything is paid (money 2.9): each line's fee (with the old fee when discounted),
   * surcharge, accreditation and total; sub total, VAT, the current credit used (none when extra credit is bought)
   * and what is to pay; token payers: credits per line, the total and the balance. Nothing is recorded.
   */
  async preview(principal: Principal, items: OrderLineInput[], options: { applicationOwnerPays?: boolean; extraCredit?: number | null } = {}): Promise<OrderPreview> {
    const account = await this.accounts.get(principal.companyId);
    if (ownerPays(principal, account, options.applicationOwnerPays) || !account.unit) return { unit: 'none' };
    if (account.unit === 'credits') {
      const plan = planTokenOrder({ lines: items, paymentType: account.paymentType });
      return { ...plan, balance: availableCredit((await this.loadLedger(account.companyId)).state, 'credits') };
    }
    const extraCreditMinor = extraCreditOf(options.extraCredit);
    if (extraCreditMinor > 0 && account.paymentType !== 'CARD') throw new DomainError('invalid', 'Extra credit can only be bought by card.');
    const creditAvailableMinor = availableCredit((await this.loadLedger(account.companyId)).state, 'money');
    const plan = planMoneyOrder({ lines: items, vatPayer: account.vatPayer, hasDiscount: account.hasDiscount, paymentType: account.paymentType, creditAvailableMinor, extraCreditMinor });
    return { ...plan, currency: account.currency, paymentType: account.paymentType, creditAvailableMinor };
  }

  /** Credits a token payer can spend now, from the ledger itself (null for accounts that pay in money or not at all). */
  async creditBalance(companyId: string): Promise<number | null> {
    const account = await this.accounts.get(companyId);
    if (account.unit !== 'credits') return null;
    return availableCredit((await this.loadLedger(companyId)).state, 'credits');
  }

  async placeOrder(principal: Principal, request: PlaceOrderRequest): Promise<PlaceOrderResult> {
    const key = request.idempotencyKey?.trim();
    if (!key || key.length > MAX_KEY) throw new DomainError('invalid', `An order needs an idempotency key of 1 to ${MAX_KEY} characters.`);
    const account = await this.accounts.get(principal.companyId);
    if (ownerPays(principal, account, request.applicationOwnerPays)) {
      return { ...notPaidHere(), payments: paymentsOf(request.items.map((i) => ({ verificationId: i.verificationId, amount: 0, credits: 0 })), 'APPLICATION_OWNER', null, account.currency) };
    }
    if (!account.unit) throw new DomainError('forbidden', 'This account does not order verifications.');
    const commandId = moneyId(`order/${account.companyId}/${key}`);
    const actor: MoneyActor = { username: principal.username, impersonator: principal.impersonator };
    return this.locks.withLock(commandId, () =>
      account.unit === 'credits'
        ? this.tokenOrder(account, request, commandId, actor)
        : this.moneyOrder(account, request, commandId, actor),
    );
  }

  private async tokenOrder(account: MoneyAccount, request: PlaceOrderRequest, commandId: string, actor: MoneyActor): Promise<PlaceOrderResult> {
    const plan = planTokenOrder({ lines: request.items, paymentType: account.paymentType });
    const charges = tokenCharges(commandId, plan.lines);
    const settled = await this.commands.handleCommand({
      stream: creditStream(account.companyId),
      decider: creditDecider,
      command: (state): CreditCommand | CreditCommand[] =>
        state.movementIds[charges[0].movementId] ? [] : { type: 'SettleOrder', unit: 'credits', currency: null, reservationId: null, purchases: [], charges },
      context: moneyStep(commandId, 'settle', actor, account.companyId),
    });
    await this.projections.caughtUp(settled);
    return {
      ...notPaidHere(),
      unit: 'credits',
      billing: 'tokens',
      creditsSpent: plan.totalCredits,
      total: plan.totalCredits,
      balance: availableCredit(settled.state, 'credits'),
      payments: paymentsOf(
        plan.lines.map((l) => ({ verificationId: l.verificationId, amount: 0, credits: l.checkCredits + l.accreditationCredits })),
        'CREDITS',
        null,
        'CREDITS',
      ),
    };
  }

  private async moneyOrder(account: MoneyAccount, request: PlaceOrderRequest, commandId: string, actor: MoneyActor): Promise<PlaceOrderResult> {
    const ids = orderIds(commandId);
    const extraCreditMinor = extraCreditOf(request.creditPurchase?.amount);
    if (extraCreditMinor > 0 && account.paymentType !== 'CARD') throw new DomainError('invalid', 'Extra credit can only be bought by card.');
    const planWith = (state: CreditState) =>
      planMoneyOrder({
        lines: request.items,
        vatPayer: account.vatPayer,
        hasDiscount: account.hasDiscount,
        paymentType: account.paymentType,
        creditAvailableMinor: state.holds[ids.reservation]?.amount ?? availableCredit(state, 'money'),
        extraCreditMinor,
      });

    const view = await this.loadLedger(account.companyId);
    let plan = planWith(view.state);
    const firstCharge = ids.charge('PSV', plan.lines[0].verificationId);
    if (view.state.movementIds[firstCharge]) return this.replay(account, plan, commandId, actor, view.recorded.filter((e) => e.metadata.causationId === commandId));
    const ended = view.state.closed[ids.reservation];
    if (ended?.outcome === 'released') throw new DomainError('unprocessable', ended.message, ended.code);
    for (const l of plan.lines) {
      const v = view.state.verifications[l.verificationId];
      if (v && !v.refunded) throw new DomainError('conflict', `Verification ${l.verificationId} has already been paid.`, 'QC-ALREADY-PAID');
    }
    const nonce = request.creditPurchase?.btNonce?.trim() || null;
    const needsCard = (p: MoneyOrderPlan) => p.chargeMinor > 0 && account.paymentType === 'CARD';
    if (needsCard(plan) && !nonce) return { ...notPaidHere(), status: 'UNPAID', reason: 'CARD_TOKEN_REQUIRED', unit: 'money', currency: account.currency, total: fromMinor(plan.dueMinor), payments: {} };

    // Hold the current credit the order uses, so a concurrent order cannot spend it while the card is charged.
    let holding = !!view.state.holds[ids.reservation];
    if (!holding && plan.creditUsedMinor > 0) {
      const reserved = await this.commands.handleCommand({
        stream: creditStream(account.companyId),
        decider: creditDecider,
        command: (state): CreditCommand | CreditCommand[] => {
          // Each attempt plans on the balance it reads: a concurrent order may have spent some of it meanwhile.
          plan = planWith(state);
          if (state.holds[ids.reservation] || plan.creditUsedMinor === 0) return [];
          return { type: 'ReserveCredit', reservationId: ids.reservation, unit: 'money', amount: plan.creditUsedMinor };
        },
        context: moneyStep(commandId, 'reserve', actor, account.companyId),
      });
      holding = !!reserved.state.holds[ids.reservation];
    }

    let payment: { transactionId: string; receiptId: string } | null = null;
    const billing: InvoiceBilling = plan.chargeMinor === 0 ? 'credit' : account.paymentType === 'CARD' ? 'card' : 'invoice';
    if (billing === 'card') {
      try {
        if (!nonce) throw paymentRequired();
        const outcome = await this.gateway.charge({
          idempotencyKey: commandId,
          amountMinor: plan.chargeMinor,
          currency: account.currency,
          nonce,
          email: actor.username,
          customerId: account.companyId,
          saveCard: request.creditPurchase?.btSaveCard ?? false,
          description: `Credence order (${plan.lines.length} verification${plan.lines.length === 1 ? '' : 's'})`,
        });
        if (outcome.status !== 'succeeded') throw paymentFailure(outcome);
        payment = outcome;
      } catch (e) {
        // A refusal releases the held credit; an unexpected error keeps it, so a retry can finish the payment.
        if (e instanceof DomainError && holding) await this.release(account.companyId, commandId, actor, e);
        throw e;
      }
    }

    const invoiceId = await this.numbers.allocate(ids.orderInvoiceKey);
    const creditInvoiceId = plan.extraCreditMinor > 0 ? await this.numbers.allocate(ids.creditInvoiceKey) : null;
    const purchases: PurchaseLine[] = [];
    if (plan.dueMinor > 0) {
      purchases.push({
        movementId: ids.orderPurchase,
        invoiceId,
        amount: plan.dueMinor,
        method: billing === 'card' ? 'card' : 'invoice',
        transactionId: payment?.transactionId ?? null,
        receiptId: payment?.receiptId ?? null,
      });
    }
    if (creditInvoiceId && payment) {
      purchases.push({ movementId: ids.creditPurchase, invoiceId: creditInvoiceId, amount: plan.extraCreditMinor, method: 'card', ...payment });
    }
    let settled;
    try {
      settled = await this.commands.handleCommand({
        stream: creditStream(account.companyId),
        decider: creditDecider,
        command: (state): CreditCommand | CreditCommand[] =>
          state.movementIds[firstCharge]
            ? []
            : {
                type: 'SettleOrder',
                unit: 'money',
                currency: account.currency,
                reservationId: holding ? ids.reservation : null,
                purchases,
                charges: moneyCharges(commandId, plan, invoiceId),
              },
        context: moneyStep(commandId, 'settle', actor, account.companyId),
      });
    } catch (e) {
      // Refused after the card was charged (another order paid one of these verifications meanwhile): give it back.
      if (e instanceof DomainError) {
        if (payment) await this.gateway.voidCharge(payment.transactionId);
        if (holding) await this.release(account.companyId, commandId, actor, e);
      }
      throw e;
    }
    const issued = await this.issueInvoices(account, plan, { invoiceId, creditInvoiceId, creditUsedMinor: plan.creditUsedMinor, billing, payment }, commandId, actor);
    await this.projections.caughtUp(settled, issued);
    return result(account, plan, { invoiceId, creditInvoiceId, creditUsedMinor: plan.creditUsedMinor, billing, payment }, availableCredit(settled.state, 'money'));
  }

  /** A retry of an order that was recorded: make sure its invoices exist (a crash may have come between) and answer. */
  private async replay(
    account: MoneyAccount,
    requested: MoneyOrderPlan,
    commandId: string,
    actor: MoneyActor,
    own: { type: string; data: unknown }[],
  ): Promise<PlaceOrderResult> {
    const ids = orderIds(commandId);
    const reserved = own.find((e) => e.type === 'CreditReserved')?.data as CreditReserved['data'] | undefined;
    const purchases = own.filter((e) => e.type === 'CreditPurchased').map((e) => e.data as CreditPurchased['data']);
    const orderPurchase = purchases.find((p) => p.movementId === ids.orderPurchase);
    const extra = purchases.find((p) => p.movementId === ids.creditPurchase);
    const creditUsedMinor = reserved?.amount ?? 0;
    const plan: MoneyOrderPlan = {
      ...requested,
      creditUsedMinor,
      dueMinor: requested.grossMinor - creditUsedMinor,
      extraCreditMinor: extra?.amount ?? 0,
      chargeMinor: requested.grossMinor - creditUsedMinor + (extra?.amount ?? 0),
    };
    const billing: InvoiceBilling = !orderPurchase ? 'credit' : orderPurchase.method === 'card' ? 'card' : 'invoice';
    const paidWith = orderPurchase ?? extra;
    const payment = paidWith?.transactionId ? { transactionId: paidWith.transactionId, receiptId: paidWith.receiptId ?? paidWith.transactionId } : null;
    const records = { invoiceId: await this.numbers.allocate(ids.orderInvoiceKey), creditInvoiceId: extra?.invoiceId ?? null, creditUsedMinor, billing, payment };
    const issued = await this.issueInvoices(account, plan, records, commandId, actor);
    await this.projections.caughtUp(issued);
    const { state } = await this.loadLedger(account.companyId);
    return result(account, plan, records, availableCredit(state, 'money'));
  }

  private async issueInvoices(account: MoneyAccount, plan: MoneyOrderPlan, r: OrderRecords, commandId: string, actor: MoneyActor) {
    const pay = r.billing === 'card' && r.payment ? cardPayment(plan.dueMinor, r.payment) : r.billing === 'credit' ? creditSettlement() : null;
    let last = await this.issue(orderInvoice(account, plan, r.invoiceId, r.creditUsedMinor, r.billing), pay, commandId, actor);
    if (r.creditInvoiceId && r.payment) {
      const extra = await this.issue(creditInvoice(account, r.creditInvoiceId, plan.extraCreditMinor), cardPayment(plan.extraCreditMinor, r.payment), commandId, actor);
      if (extra.position) last = extra;
    }
    return last;
  }

  /** Issues an invoice and, when given, records its payment, in one append (a retry appends nothing new). */
  private issue(issue: IssueInvoice, pay: PayInvoice | null, commandId: string, actor: MoneyActor) {
    return this.commands.handleCommand({
      stream: invoiceStream(issue.invoiceId),
      decider: invoiceDecider,
      command: pay ? [issue, pay] : [issue],
      context: moneyStep(commandId, `invoice/${issue.invoiceId}`, actor, issue.companyId),
    });
  }

  private async release(companyId: string, commandId: string, actor: MoneyActor, why: DomainError) {
    await this.commands.handleCommand({
      stream: creditStream(companyId),
      decider: creditDecider,
      command: { type: 'ReleaseReservation', reservationId: orderIds(commandId).reservation, code: why.code ?? 'QC-PAYMENT', message: why.message },
      context: moneyStep(commandId, 'release', actor, companyId),
    });
  }

  private loadLedger(companyId: string) {
    return this.commands.load(creditStream(companyId), creditDecider);
  }
}

interface OrderRecords {
  invoiceId: string;
  creditInvoiceId: string | null;
  creditUsedMinor: number;
  billing: InvoiceBilling;
  payment: { transactionId: string; receiptId: string } | null;
}

const METHOD: Record<InvoiceBilling, VerificationPaymentMethod> = { card: 'CARD', invoice: 'INVOICE', credit: 'CREDITS' };

function paymentsOf(
  lines: { verificationId: string; amount: number; credits: number }[],
  method: VerificationPaymentMethod,
  invoiceId: string | null,
  currency: string,
): Record<string, Payment> {
  return Object.fromEntries(lines.map((l) => [l.verificationId, { method, invoiceId, amount: l.amount, currency, credits: l.credits }]));
}

function result(account: MoneyAccount, plan: MoneyOrderPlan, r: OrderRecords, balanceMinor: number): PlaceOrderResult {
  return {
    status: 'PAID',
    reason: null,
    payments: Object.fromEntries(
      plan.lines.map((l) => {
        const gross = l.checkChargeMinor + l.accreditationChargeMinor;
        const payment: Payment = { method: gross === 0 ? 'FREE' : METHOD[r.billing], invoiceId: r.invoiceId, amount: fromMinor(gross), currency: account.currency, credits: 0 };
        return [l.verificationId, payment];
      }),
    ),
    invoiceId: r.invoiceId,
    creditInvoiceId: r.creditInvoiceId,
    unit: 'money',
    currency: account.currency,
    billing: r.billing,
    total: fromMinor(plan.dueMinor),
    creditUsed: fromMinor(r.creditUsedMinor),
    paid: r.billing === 'card' ? fromMinor(plan.chargeMinor) : 0,
    creditsSpent: 0,
    transactionId: r.payment?.transactionId ?? null,
    balance: fromMinor(balanceMinor),
  };
}

const notPaidHere = (): PlaceOrderResult => ({
  status: 'PAID',
  reason: null,
  payments: {},
  invoiceId: null,
  creditInvoiceId: null,
  unit: null,
  currency: null,
  billing: 'none',
  total: 0,
  creditUsed: 0,
  paid: 0,
  creditsSpent: 0,
  transactionId: null,
  balance: 0,
});

/** The creditPurchase amount: extra credit in whole or decimal units, 0 to 1000 inside the order flow (2.9). */
function extraCreditOf(amount: number | null | undefined): number {
  if (amount === null || amount === undefined) return 0;
  const error = extraCreditError(amount, 0);
  if (error) throw new DomainError('invalid', error);
  return toMinor(amount);
}
