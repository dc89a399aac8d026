import type { DomainEvent } from '../../shared/event';
import type { CreditUnit } from '../pricing';
import type { IssueInvoice, PayInvoice } from '../invoice/invoice.decide';

/**
 * The account's credit ledger: one stream per company, `credit-<companyId>`. Money accounts count minor units,
 * token accounts count credits; every movement says which, and the balance of that unit after it.
 */
export const creditStream = (companyId: string) => `credit-${companyId}`;

/** How a purchase was paid: by card, on an invoice to be paid later, or recorded by staff. */
export type PaymentMethod = 'card' | 'invoice' | 'manual';

interface Movement {
  /** Unique within the ledger; a history row's id. */
  movementId: string;
  unit: CreditUnit;
  /** Positive; the event type says which way it moves. */
  amount: number;
  /** The account's currency for money; null for credits. */
  currency: string | null;
  /** Balance of this unit after the movement. */
  balanceAfter: number;
}

/** Credit added by a payment (a card charge, an invoice). The history's 'Credit Purchase: Invoice {id}' row. */
export type CreditPurchased = DomainEvent<
  'CreditPurchased',
  Movement & { invoiceId: string; method: PaymentMethod; transactionId: string | null; receiptId: string | null }
>;

interface Charge extends Movement {
  verificationId: string;
  invoiceId: string | null;
  /** The history row's Item text. */
  name: string;
  candidateName: string;
  instituteName: string;
}

/** A verification paid from the balance: the PSV row. */
export type CreditSpent = DomainEvent<'CreditSpent', Charge>;
/** An accreditation check paid from the balance: the AC row. */
export type AccreditationCharged = DomainEvent<'AccreditationCharged', Charge>;
/** A part of a refund that goes back to the card the invoice was paid with (the payment port refunds it). */
export interface CardRefundDue {
  invoiceId: string;
  /** The card charge to refund. */
  transactionId: string;
  amountMinor: number;
}

/**
 * What a verification cost, given back (its check and accreditation). What it was paid by card goes back to the
 * card (`toCard`; `amount` is then only the part that returns as credit, maybe 0): a refund of a card payment is a
 * refund to the card, a refund of credit stays credit.
 */
export type CreditRefunded = DomainEvent<
  'CreditRefunded',
  Movement & { verificationId: string; reason: string; toCard?: CardRefundDue | null }
>;
/** The provider refunded a refund's card part. */
export type CardRefunded = DomainEvent<
  'CardRefunded',
  { refundMovementId: string; invoiceId: string; amountMinor: number; refundTransactionId: string }
>;
/** The provider refused a refund's card part: the amount is given back as credit instead, so nothing is lost. */
export type CardRefundFailed = DomainEvent<
  'CardRefundFailed',
  Movement & { refundMovementId: string; invoiceId: string; verificationId: string; reason: string; code: string }
>;
/** Staff added credit, with a reason. */
export type CreditGranted = DomainEvent<'CreditGranted', Movement & { reason: string }>;
/** Staff took credit away, with a reason. */
export type CreditRemoved = DomainEvent<'CreditRemoved', Movement & { reason: string }>;

/**
 * Credit held for an order while its card is charged, so a concurrent order cannot spend the same credit. Settled
 * by the order's movements or released when the payment fails. Never shown in the history.
 */
export type CreditReserved = DomainEvent<'CreditReserved', { reservationId: string; unit: CreditUnit; amount: number }>;
export type CreditReservationSettled = DomainEvent<'CreditReservationSettled', { reservationId: string }>;
/** The hold is given back; the code and message say why (a retry with the same key answers the same). */
export type CreditReservationReleased = DomainEvent<
  'CreditReservationReleased',
  { reservationId: string; code: string; message: string }
>;

/** An invoice an order owes: issued, and paid when `pay` is given, on its own stream. */
export interface InvoiceDue {
  issue: IssueInvoice;
  pay: PayInvoice | null;
}

/**
 * The invoices an order or a credit purchase owes, recorded with the decision itself (the ledger's movements) so
 * the invoice streams follow from it: the invoicing reactor issues each one, keyed by its invoice id, after the
 * commit. Never a movement, never shown in the history.
 */
export type OrderBilled = DomainEvent<'OrderBilled', { orderId: string; invoices: InvoiceDue[] }>;

export type CreditEvent =
  | CreditPurchased
  | CreditSpent
  | AccreditationCharged
  | CreditRefunded
  | CardRefunded
  | CardRefundFailed
  | CreditGranted
  | CreditRemoved
  | CreditReserved
  | CreditReservationSettled
  | CreditReservationReleased
  | OrderBilled;

export const CREDIT_EVENT_TYPES: readonly CreditEvent['type'][] = [
  'CreditPurchased',
  'CreditSpent',
  'AccreditationCharged',
  'CreditRefunded',
  'CardRefunded',
  'CardRefundFailed',
  'CreditGranted',
  'CreditRemoved',
  'CreditReserved',
  'CreditReservationSettled',
  'CreditReservationReleased',
  'OrderBilled',
];

/** The movements that change a balance (the others only hold or release credit). */
export const CREDIT_MOVEMENT_TYPES = [
  'CreditPurchased',
  'CreditSpent',
  'AccreditationCharged',
  'CreditRefunded',
  'CardRefundFailed',
  'CreditGranted',
  'CreditRemoved',
] as const satisfies readonly CreditEvent['type'][];
export type CreditMovementEvent = Extract<CreditEvent, { type: (typeof CREDIT_MOVEMENT_TYPES)[number] }>;

/** The history's row type of a movement (4.): PSV and AC are spending rows, any other a credit purchase or adjustment. */
export type MovementKind = 'PURCHASE' | 'PSV' | 'AC' | 'REFUND' | 'GRANT' | 'REMOVAL';

export function movementKind(type: CreditMovementEvent['type']): MovementKind {
  switch (type) {
    case 'CreditPurchased':
      return 'PURCHASE';
    case 'CreditSpent':
      return 'PSV';
    case 'AccreditationCharged':
      return 'AC';
    case 'CreditRefunded':
    case 'CardRefundFailed':
      return 'REFUND';
    case 'CreditGranted':
      return 'GRANT';
    case 'CreditRemoved':
      return 'REMOVAL';
    default: {
      const never: never = type;
      throw new Error(`unknown movement ${String(never)}`);
    }
  }
}

/** +1 when the movement adds to the balance, -1 when it takes from it. */
export function movementSign(type: CreditMovementEvent['type']): 1 | -1 {
  const kind = movementKind(type);
  return kind === 'PSV' || kind === 'AC' || kind === 'REMOVAL' ? -1 : 1;
}
