import type { CreditUnit } from '../pricing';
import type { InvoiceDue, PaymentMethod } from './credit.events';

/** The invoices the decision owes (OrderBilled): they follow on their own streams. */
export interface OrderBilling {
  orderId: string;
  invoices: InvoiceDue[];
}

/** Hold credit for an order while its payment is taken. */
export interface ReserveCredit {
  type: 'ReserveCredit';
  reservationId: string;
  unit: CreditUnit;
  amount: number;
}

/** Give a hold back (the payment failed). */
export interface ReleaseReservation {
  type: 'ReleaseReservation';
  reservationId: string;
  code: string;
  message: string;
}

export interface PurchaseLine {
  movementId: string;
  invoiceId: string;
  amount: number;
  method: PaymentMethod;
  transactionId: string | null;
  receiptId: string | null;
}

export interface ChargeLine {
  movementId: string;
  kind: 'PSV' | 'AC';
  verificationId: string;
  invoiceId: string | null;
  name: string;
  candidateName: string;
  instituteName: string;
  amount: number;
}

/**
 * Record an order: what was paid for it (purchases) and what each verification and accreditation took from the
 * balance (charges), settling its reservation if it held one.
 */
export interface SettleOrder {
  type: 'SettleOrder';
  unit: CreditUnit;
  currency: string | null;
  reservationId: string | null;
  purchases: PurchaseLine[];
  charges: ChargeLine[];
  billing?: OrderBilling;
}

/** Buy credit (Buy Credit, 2.11). */
export interface PurchaseCredit {
  type: 'PurchaseCredit';
  unit: CreditUnit;
  currency: string | null;
  purchase: PurchaseLine;
  billing?: OrderBilling;
}

/** Staff grant (positive amount) or remove (negative amount) credit, with a reason. */
export interface AdjustCredit {
  type: 'AdjustCredit';
  movementId: string;
  unit: CreditUnit;
  currency: string | null;
  amount: number;
  reason: string;
}

/** Give back what a verification took (its check and accreditation). */
export interface RefundVerification {
  type: 'RefundVerification';
  movementId: string;
  verificationId: string;
  currency: string | null;
  reason: string;
}

/** The payment provider's answer to a refund's card part (CreditRefunded.toCard). */
export interface RecordCardRefund {
  type: 'RecordCardRefund';
  refundMovementId: string;
  outcome: { status: 'refunded'; refundTransactionId: string } | { status: 'failed'; code: string; message: string; movementId: string };
}

export type CreditCommand =
  | ReserveCredit
  | ReleaseReservation
  | SettleOrder
  | PurchaseCredit
  | AdjustCredit
  | RefundVerification
  | RecordCardRefund;
