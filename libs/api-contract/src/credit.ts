/** GET /credit: the balance (money in major units, or credits for token payers) and the unseen-invoice count. */
export interface CreditInfo {
  credit: number;
  /** The card form's client token (card payers, unless includeBTToken=false). */
  btToken: string | null;
  vatPayer: boolean;
  usesTokens: boolean;
  currency: string;
  currencySymbol: string;
  unseenInvoices: number;
}

/**
 * A row of GET /credit/history (money 3, 2.13): purchases are their invoices (id is the invoice id), PSV and AC rows
 * are spending (receiptId is the verification's id, null for a standalone accreditation). `paid` is positive; the
 * list shows PSV and AC negative. Money rows in major units, token rows in credits (`unit`).
 */
export interface CreditHistoryRow {
  id: string | null;
  created: string;
  /** PSV, AC, PURCHASE, REFUND... (anything but PSV and AC opens its invoice). */
  type: string;
  /** The Item text: the row's name for PSV and AC, 'Credit Purchase: Invoice {id}' or 'Receipt: {id}' otherwise. */
  name: string | null;
  username: string;
  paid: number;
  receiptId: string | null;
  unit: 'money' | 'credits';
  currency: string | null;
  invoiceId: string | null;
  verificationId: string | null;
}

/** An item of the invoice view (money 3, 2.14); money in major units. `label` follows 2.14's naming rules. */
export interface InvoiceItemView {
  name: string;
  label: string;
  candidateName: string | null;
  instituteNames: string[];
  verificationId: string | null;
  price: number;
  originalPrice: number | null;
  surcharge: number;
  accreditation: number;
  total: number;
}

/** One calculated row under the items (money 9). */
export interface InvoiceSummaryRowView {
  label: 'Sub Total' | 'Plus VAT' | 'Less Current Credit' | 'Total' | 'Plus Card Fees' | 'Total Paid';
  amount: number;
}

/** GET /credit/history/{id}: the invoice view (money 3, 2.14), money in major units. */
export interface InvoiceView {
  id: string;
  created: string;
  receiptId: string | null;
  /** The provider's transaction id (the spec's providerId; also as transactionId). */
  providerId: string | null;
  transactionId: string | null;
  /** 'Receipt' for individuals, 'Invoice' otherwise. */
  title: 'Receipt' | 'Invoice';
  kind: string;
  billing: string;
  status: 'ISSUED' | 'PAID';
  /** When it was paid (ISO date or timestamp): the card payment's time, or the day staff recorded for an invoice account. */
  paidAt: string | null;
  /** 'card', 'credit' or 'transfer' (settled by staff) once paid. */
  paymentMethod: string | null;
  username: string;
  currency: string;
  currencySymbol: string;
  company: {
    name: string | null;
    vatId: string | null;
    addressStreet1: string | null;
    addressStreet2: string | null;
    addressStreet3: string | null;
    addressCity: string | null;
    addressPostCode: string | null;
    addressCountry: { name: string | null; id: string | null };
  };
  items: InvoiceItemView[];
  /** False when every item is 'Exact Credit Amount': the price and surcharge headings are blank. */
  showPriceHeadings: boolean;
  vatMultiplier: number;
  subtotal: number;
  vat: number;
  creditUsed: number;
  total: number;
  paid: number;
  cardFees: number;
  summary: InvoiceSummaryRowView[];
}

/** POST /credit (Buy Credit): the total added to the credit and the new invoice's id. */
export interface CreditPurchaseResult {
  total: number;
  id: string;
}

/** POST /credit/order (Order Credits): the order's id and the credits asked for. */
export interface CreditOrderResult {
  id: string;
  toBuy: number;
}

/** A card kept with 'Save card for later' (GET /credit/cards): never the number or CVV. */
export interface SavedCardView {
  /** The provider's token for it: DELETE /credit/cards/{id}, POST /credit/cards/{id}/nonce. */
  id: string;
  cardType: string;
  last4: string;
  /** MM/YYYY */
  expiry: string;
  /** 'Visa ending 1111' */
  label: string;
}
