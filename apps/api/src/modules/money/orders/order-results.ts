import {
  fromMinor,
  type CreditPurchased,
  type CreditReserved,
  type CreditUnit,
  type InvoiceBilling,
  type MoneyOrderPlan,
  type OrderLineInput,
  type Payment,
  type VerificationPaymentMethod,
} from '@credence/domain';
import type { MoneyAccount } from './money-accounts';
import { orderIds, type OrderRecords } from './order-records';

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

const METHOD: Record<InvoiceBilling, VerificationPaymentMethod> = { card: 'CARD', invoice: 'INVOICE', credit: 'CREDITS' };

export function paymentsOf(
  lines: { verificationId: string; amount: number; credits: number }[],
  method: VerificationPaymentMethod,
  invoiceId: string | null,
  currency: string,
): Record<string, Payment> {
  return Object.fromEntries(lines.map((l) => [l.verificationId, { method, invoiceId, amount: l.amount, currency, credits: l.credits }]));
}

export const notPaidHere = (): PlaceOrderResult => ({
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

/** A recorded money order's answer. */
export function moneyOrderResult(account: MoneyAccount, plan: MoneyOrderPlan, r: OrderRecords, balanceMinor: number): PlaceOrderResult {
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

/**
 * A retried order that was recorded: its plan and records as its own ledger events say (the credit it held, the
 * purchases, the invoices it owes), whatever the balance is now.
 */
export function recordedOrder(
  requested: MoneyOrderPlan,
  commandId: string,
  invoiceId: string,
  own: { type: string; data: unknown }[],
): { plan: MoneyOrderPlan; records: OrderRecords } {
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
  return { plan, records: { invoiceId, creditInvoiceId: extra?.invoiceId ?? null, creditUsedMinor, billing, payment } };
}
