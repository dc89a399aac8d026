import type { DomainEvent } from '../../shared/event';
import type { Minor } from '../money';

/** One stream per invoice: `invoice-<id>`. */
export const invoiceStream = (invoiceId: string) => `invoice-${invoiceId}`;

/** The customer block as it was when the invoice was issued (2.14): later address changes do not rewrite it. */
export interface InvoiceCompany {
  name: string;
  vatId: string | null;
  addressStreet1: string | null;
  addressStreet2: string | null;
  addressStreet3: string | null;
  addressCity: string | null;
  addressPostCode: string | null;
  addressCountry: { id: string | null; name: string | null };
}

export interface InvoiceItem {
  /** The verification paid for, when there is one. */
  verificationId: string | null;
  name: string;
  candidateName: string | null;
  instituteNames: string[];
  /** Our Price (fee). */
  priceMinor: Minor;
  /** The old fee shown struck through for discounted accounts, else null. */
  originalPriceMinor: Minor | null;
  surchargeMinor: Minor;
  accreditationMinor: Minor;
  /** Price + surcharge + accreditation, before VAT. */
  totalMinor: Minor;
}

/** 'order': verifications (with their card payment or on account); 'credit': a credit purchase. */
export type InvoiceKind = 'order' | 'credit';
/** How the invoice is settled: card now, on account (paid later), or wholly from current credit. */
export type InvoiceBilling = 'card' | 'invoice' | 'credit';

export type InvoiceIssued = DomainEvent<
  'InvoiceIssued',
  {
    invoiceId: string;
    companyId: string;
    kind: InvoiceKind;
    billing: InvoiceBilling;
    currency: string;
    /** Individuals see their invoices as receipts. */
    individual: boolean;
    company: InvoiceCompany;
    items: InvoiceItem[];
    vatRatePercent: number;
    subtotalMinor: Minor;
    vatMinor: Minor;
    creditUsedMinor: Minor;
    /** Subtotal + VAT - credit used: what is to be paid. */
    totalMinor: Minor;
  }
>;

export type InvoicePaid = DomainEvent<
  'InvoicePaid',
  {
    invoiceId: string;
    /** Total + card fees. */
    paidMinor: Minor;
    cardFeeMinor: Minor;
    method: 'card' | 'credit' | 'transfer';
    /** The payment provider's transaction id (Transaction Id). */
    transactionId: string | null;
    /** The receipt reference (Receipt Id): the card authorisation code, or staff's payment reference. */
    receiptId: string | null;
    /** yyyy-MM-dd the money arrived, when staff settled the invoice (method 'transfer'); else the event's time. */
    paidOn?: string;
  }
>;

export type InvoiceEvent = InvoiceIssued | InvoicePaid;
export const INVOICE_EVENT_TYPES: readonly InvoiceEvent['type'][] = ['InvoiceIssued', 'InvoicePaid'];

/** Opening the credit history resets the user's unseen-invoice counter (2.13, 4.). Stream `invoiceinbox-<userId>`. */
export const invoiceInboxStream = (userId: string) => `invoiceinbox-${userId}`;
export type InvoicesSeen = DomainEvent<'InvoicesSeen', { userId: string; companyId: string; issuedCount: number }>;
