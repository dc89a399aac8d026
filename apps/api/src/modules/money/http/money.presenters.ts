import {
  currencySymbol,
  fromMinor,
  invoiceItemLabel,
  invoiceSummary,
  showsPriceHeadings,
  vatMultiplierOf,
  type CreditUnit,
} from '@credence/domain';
import type { CreditHistoryRow, InvoiceView } from '@credence/api-contract';
import type { CreditMovementRow, InvoiceRow } from '@credence/read-models';

const amountOf = (unit: CreditUnit, n: number) => (unit === 'money' ? fromMinor(n) : n);


/**
 * The invoice as the portal's invoice view reads it (3. Invoice; 2.14): money in major units, vatMultiplier, the
 * provider's transaction id as providerId, plus the calculated rows of money 9 and how the page titles it.
 */
export function presentInvoice(r: InvoiceRow): InvoiceView {
  const itemTotals = r.items.map((i) => i.totalMinor);
  return {
    id: r.id,
    created: r.created,
    receiptId: r.receiptId,
    providerId: r.transactionId,
    transactionId: r.transactionId,
    title: r.individual ? 'Receipt' : 'Invoice',
    kind: r.kind,
    billing: r.billing,
    status: r.status,
    paidAt: r.paidAt,
    paymentMethod: r.paymentMethod,
    username: r.username,
    currency: r.currency,
    currencySymbol: currencySymbol(r.currency),
    company: {
      name: r.company.name,
      vatId: r.company.vatId,
      addressStreet1: r.company.addressStreet1,
      addressStreet2: r.company.addressStreet2,
      addressStreet3: r.company.addressStreet3,
      addressCity: r.company.addressCity,
      addressPostCode: r.company.addressPostCode,
      addressCountry: { name: r.company.addressCountry?.name ?? null, id: r.company.addressCountry?.id ?? null },
    },
    items: r.items.map((i) => ({
      name: i.name,
      label: invoiceItemLabel(i),
      candidateName: i.candidateName,
      instituteNames: i.instituteNames,
      verificationId: i.verificationId,
      price: fromMinor(i.priceMinor),
      originalPrice: i.originalPriceMinor === null ? null : fromMinor(i.originalPriceMinor),
      surcharge: fromMinor(i.surchargeMinor),
      accreditation: fromMinor(i.accreditationMinor),
      total: fromMinor(i.totalMinor),
    })),
    showPriceHeadings: showsPriceHeadings(r.items),
    vatMultiplier: vatMultiplierOf(r.vatRatePercent),
    subtotal: fromMinor(r.subtotalMinor),
    vat: fromMinor(r.vatMinor),
    creditUsed: fromMinor(r.creditUsedMinor),
    total: fromMinor(r.totalMinor),
    paid: fromMinor(r.paidMinor),
    cardFees: fromMinor(r.cardFeeMinor),
    summary: invoiceSummary({ itemTotalsMinor: itemTotals, vatRatePercent: r.vatRatePercent, totalMinor: r.totalMinor, paidMinor: r.paidMinor }).map(
      (row) => ({ label: row.label, amount: fromMinor(row.amountMinor) }),
    ),
  };
}

/**
 * Who the history's User column names (2.13: the username). An automatic step (a refund the service made itself,
 * an expired hold) is acted by a process, `system:<name>`, which means nothing to a customer: it reads 'Credence'.
 */
export const historyUser = (actor: string) => (actor.startsWith('system:') ? 'Credence' : actor);

/**
 * A refund's Item text says where the money went. The ledger's movement counts only what came back as credit; the
 * part given back to the card it was paid by is `toCardMinor`, so the row's amount is the two together (a refund
 * all to the card used to read £0.00).
 */
function refundName(r: CreditMovementRow): string | null {
  if (r.type !== 'REFUND' || !r.reason || !(Number(r.toCardMinor ?? 0) > 0)) return r.name;
  return `${r.reason} (refunded to your card${Number(r.amount) > 0 ? ' and as credit' : ''})`;
}

/** A credit history row (3.): id, created, type, name, username, paid, receiptId; purchases are their invoices. */
export function presentHistoryRow(r: CreditMovementRow, individual: boolean): CreditHistoryRow {
  const purchase = r.type === 'PURCHASE';
  const spending = r.type === 'PSV' || r.type === 'AC';
  return {
    id: purchase ? r.invoiceId : r.id,
    created: r.created,
    type: r.type,
    name: spending ? r.name : purchase ? (individual ? `Receipt: ${r.invoiceId}` : `Credit Purchase: Invoice ${r.invoiceId}`) : refundName(r),
    username: historyUser(r.username),
    paid: amountOf(r.unit, r.amount) + (r.unit === 'money' ? fromMinor(Number(r.toCardMinor ?? 0)) : 0),
    receiptId: purchase ? r.receiptId : r.verificationId,
    unit: r.unit,
    currency: r.currency,
    invoiceId: r.invoiceId,
    verificationId: r.verificationId,
  };
}

/**
 * Staff resources answer the read-model rows as they are (libs/read-models' row types, amounts in minor units or
 * credits), which is what the console reads.
 */
export const presentMovement = (r: CreditMovementRow) => r;
export const presentAdminInvoice = (r: InvoiceRow) => r;
