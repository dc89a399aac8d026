import { sumMinor, type Minor } from './money';
import { vatOn, vatRatePercentOf } from './vat';

/**
 * Card fees. Money 9 has the rows 'Plus Card Fees' (paid - total) and 'Total Paid' but the spec gives no fee rate
 * or amount anywhere (2.9-2.11, 9), so none is charged: a card pays exactly the invoice's total and those two rows
 * stay hidden. Invoices record paid and fees apart (InvoicePaid.cardFeeMinor), so a rate agreed later changes only
 * this constant and the amount the card is charged.
 */
export const CARD_FEE_PERCENT = 0;

export type InvoiceSummaryLabel = 'Sub Total' | 'Plus VAT' | 'Less Current Credit' | 'Total' | 'Plus Card Fees' | 'Total Paid';

export interface InvoiceSummaryRow {
  label: InvoiceSummaryLabel;
  amountMinor: Minor;
}

/**
 * The calculated rows under an invoice's items, exactly as money 9 gives them:
 * - Sub Total = the sum of item totals, shown only with more than one item;
 * - Plus VAT = subtotal x (vatMultiplier - 1), shown when vatMultiplier > 1;
 * - Less Current Credit = subtotal + VAT - total, shown when > 0;
 * - Total = total;
 * - when paid - total > 0: Plus Card Fees (paid - total) and Total Paid (paid).
 * The VAT is computed with the same rounding as when the invoice was issued, so the rows add up.
 */
export function invoiceSummary(invoice: {
  itemTotalsMinor: readonly Minor[];
  /** The rate (20) or the multiplier the invoice carries (1.2). */
  vatRatePercent?: number;
  vatMultiplier?: number;
  totalMinor: Minor;
  paidMinor: Minor;
}): InvoiceSummaryRow[] {
  const rate = invoice.vatRatePercent ?? vatRatePercentOf(invoice.vatMultiplier ?? 1);
  const subtotal = sumMinor(invoice.itemTotalsMinor);
  const vat = vatOn(subtotal, rate);
  const rows: InvoiceSummaryRow[] = [];
  if (invoice.itemTotalsMinor.length > 1) rows.push({ label: 'Sub Total', amountMinor: subtotal });
  if (rate > 0) rows.push({ label: 'Plus VAT', amountMinor: vat });
  const lessCredit = subtotal + vat - invoice.totalMinor;
  if (lessCredit > 0) rows.push({ label: 'Less Current Credit', amountMinor: lessCredit });
  rows.push({ label: 'Total', amountMinor: invoice.totalMinor });
  const fees = invoice.paidMinor - invoice.totalMinor;
  if (fees > 0) {
    rows.push({ label: 'Plus Card Fees', amountMinor: fees });
    rows.push({ label: 'Total Paid', amountMinor: invoice.paidMinor });
  }
  return rows;
}

/** An invoice's own totals from its items: subtotal, VAT at the rate, less the credit used. */
export function invoiceTotals(itemTotalsMinor: readonly Minor[], vatRatePercent: number, creditUsedMinor: Minor) {
  const subtotalMinor = sumMinor(itemTotalsMinor);
  const vatMinor = vatOn(subtotalMinor, vatRatePercent);
  return { subtotalMinor, vatMinor, grossMinor: subtotalMinor + vatMinor, totalMinor: subtotalMinor + vatMinor - creditUsedMinor };
}

/** The item name of a credit purchase; when every item has it, the invoice leaves the price headings blank (2.14). */
export const EXACT_CREDIT_ITEM = 'Exact Credit Amount';

/** How an invoice item is labelled (2.14): candidate plus institutes, institutes plus 'Accreditation', or its name. */
export function invoiceItemLabel(item: { name: string; candidateName?: string | null; instituteNames?: readonly string[] | null }): string {
  const institutes = (item.instituteNames ?? []).filter(Boolean).join(', ');
  if (item.candidateName) return institutes ? `${item.candidateName} (${institutes})` : item.candidateName;
  if (institutes) return `${institutes} Accreditation`;
  return item.name;
}

export const showsPriceHeadings = (items: readonly { name: string }[]) => !items.every((i) => i.name === EXACT_CREDIT_ITEM);
