import {
  EXACT_CREDIT_ITEM,
  type ChargeLine,
  type InvoiceDue,
  type InvoiceBilling,
  type IssueInvoice,
  type MoneyOrderPlan,
  type PayInvoice,
  type PurchaseLine,
  type TokenOrderLine,
} from '@credence/domain';
import { moneyId } from '../ledger/money-ids';
import type { MoneyAccount } from './money-accounts';

/** Deterministic ids of an order's records, so every attempt of one command writes the same ones. */
export const orderIds = (commandId: string) => ({
  reservation: commandId,
  orderInvoiceKey: `${commandId}/order`,
  creditInvoiceKey: `${commandId}/credit`,
  orderPurchase: moneyId(`${commandId}/purchase/order`),
  creditPurchase: moneyId(`${commandId}/purchase/credit`),
  charge: (kind: 'PSV' | 'AC', verificationId: string) => moneyId(`${commandId}/${kind}/${verificationId}`),
});

type Line = { verificationId: string; candidateName: string; instituteName: string };

const chargeName = (kind: 'PSV' | 'AC', l: Line) =>
  kind === 'PSV' ? `${l.candidateName} - ${l.instituteName}` : `Accreditation Check: ${l.candidateName} - ${l.instituteName}`;

function charge(commandId: string, kind: 'PSV' | 'AC', l: Line, amount: number, invoiceId: string | null): ChargeLine {
  return {
    movementId: orderIds(commandId).charge(kind, l.verificationId),
    kind,
    verificationId: l.verificationId,
    invoiceId,
    name: chargeName(kind, l),
    candidateName: l.candidateName,
    instituteName: l.instituteName,
    amount,
  };
}

/** What each verification (PSV) and accreditation (AC) of a money order takes from the balance, VAT included. */
export function moneyCharges(commandId: string, plan: MoneyOrderPlan, invoiceId: string): ChargeLine[] {
  return plan.lines.flatMap((l) => [
    charge(commandId, 'PSV', l, l.checkChargeMinor, invoiceId),
    ...(l.accreditationMinor > 0 ? [charge(commandId, 'AC', l, l.accreditationChargeMinor, invoiceId)] : []),
  ]);
}

/** What a token order takes: a credit per check, a credit per accreditation. */
export function tokenCharges(commandId: string, lines: TokenOrderLine[]): ChargeLine[] {
  return lines.flatMap((l) => [
    charge(commandId, 'PSV', l, l.checkCredits, null),
    ...(l.accreditationCredits > 0 ? [charge(commandId, 'AC', l, l.accreditationCredits, null)] : []),
  ]);
}

/** The order's invoice: one item per verification, VAT, the credit used; its total is what is left to pay. */
export function orderInvoice(account: MoneyAccount, plan: MoneyOrderPlan, invoiceId: string, creditUsedMinor: number, billing: InvoiceBilling): IssueInvoice {
  return {
    type: 'IssueInvoice',
    invoiceId,
    companyId: account.companyId,
    kind: 'order',
    billing,
    currency: account.currency,
    individual: account.individual,
    company: account.invoiceCompany,
    items: plan.lines.map((l) => ({
      verificationId: l.verificationId,
      name: l.candidateName,
      candidateName: l.candidateName,
      instituteNames: [l.instituteName],
      priceMinor: l.feeMinor,
      originalPriceMinor: l.originalFeeMinor,
      surchargeMinor: l.surchargeMinor,
      accreditationMinor: l.accreditationMinor,
    })),
    vatRatePercent: plan.vatRatePercent,
    creditUsedMinor,
  };
}

/** A credit purchase's invoice: one 'Exact Credit Amount' item, no VAT (VAT is charged when the credit is spent). */
export function creditInvoice(account: MoneyAccount, invoiceId: string, amountMinor: number, billing: InvoiceBilling = 'card'): IssueInvoice {
  return {
    type: 'IssueInvoice',
    invoiceId,
    companyId: account.companyId,
    kind: 'credit',
    billing,
    currency: account.currency,
    individual: account.individual,
    company: account.invoiceCompany,
    items: [
      {
        verificationId: null,
        name: EXACT_CREDIT_ITEM,
        candidateName: null,
        instituteNames: [],
        priceMinor: amountMinor,
        originalPriceMinor: null,
        surchargeMinor: 0,
        accreditationMinor: 0,
      },
    ],
    vatRatePercent: 0,
    creditUsedMinor: 0,
  };
}

export const cardPayment = (paidMinor: number, payment: { transactionId: string; receiptId: string }): PayInvoice => ({
  type: 'PayInvoice',
  paidMinor,
  method: 'card',
  transactionId: payment.transactionId,
  receiptId: payment.receiptId,
});

/** An order wholly paid from current credit is settled when issued. */
export const creditSettlement = (): PayInvoice => ({ type: 'PayInvoice', paidMinor: 0, method: 'credit', transactionId: null, receiptId: null });

/** What an order recorded: its invoices, the credit it used, how it was billed and the card payment. */
export interface OrderRecords {
  invoiceId: string;
  creditInvoiceId: string | null;
  creditUsedMinor: number;
  billing: InvoiceBilling;
  payment: { transactionId: string; receiptId: string } | null;
}

/** The invoices an order owes (recorded in its OrderBilled): the order's, and the extra credit's when bought. */
export function orderInvoicesDue(account: MoneyAccount, plan: MoneyOrderPlan, r: OrderRecords): InvoiceDue[] {
  const pay = r.billing === 'card' && r.payment ? cardPayment(plan.dueMinor, r.payment) : r.billing === 'credit' ? creditSettlement() : null;
  const due: InvoiceDue[] = [{ issue: orderInvoice(account, plan, r.invoiceId, r.creditUsedMinor, r.billing), pay }];
  if (r.creditInvoiceId && r.payment) {
    due.push({ issue: creditInvoice(account, r.creditInvoiceId, plan.extraCreditMinor), pay: cardPayment(plan.extraCreditMinor, r.payment) });
  }
  return due;
}

/** What was paid for the order: what is left to pay after the credit (card or invoice), and any extra credit. */
export function orderPurchases(commandId: string, plan: MoneyOrderPlan, r: OrderRecords): PurchaseLine[] {
  const ids = orderIds(commandId);
  const purchases: PurchaseLine[] = [];
  if (plan.dueMinor > 0) {
    purchases.push({
      movementId: ids.orderPurchase,
      invoiceId: r.invoiceId,
      amount: plan.dueMinor,
      method: r.billing === 'card' ? 'card' : 'invoice',
      transactionId: r.payment?.transactionId ?? null,
      receiptId: r.payment?.receiptId ?? null,
    });
  }
  if (r.creditInvoiceId && r.payment) {
    purchases.push({ movementId: ids.creditPurchase, invoiceId: r.creditInvoiceId, amount: plan.extraCreditMinor, method: 'card', ...r.payment });
  }
  return purchases;
}
