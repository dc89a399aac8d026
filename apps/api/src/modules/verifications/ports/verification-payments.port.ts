import type { MoneyOrderPlan, Payment, Price, TokenOrderPlan } from '@credence/domain';
import type { Principal } from '../../../common/auth/principal';

export interface PaymentItem {
  verificationId: string;
  candidateName: string;
  instituteId: string | null;
  instituteName: string;
  /** Our Price and Institute Surcharge in major units (pounds). */
  price: number;
  surcharge: number;
  /** The accreditation check's price when chosen (and supported); null otherwise. */
  accreditationPrice: number | null;
}

/** The order-screen's credit purchase (money 2.10): extra credit bought and the card token. */
export interface CreditPurchase {
  amount: number;
  btNonce: string | null;
  btSaveCard: boolean;
}

export type PaymentOutcome =
  | { status: 'PAID'; invoiceId: string | null; payments: Record<string, Payment> }
  /** Nothing was charged: a card payer without a card token. The requests stay UNPAID until paid. */
  | { status: 'UNPAID'; reason: 'CARD_TOKEN_REQUIRED' };

/**
 * What submitting verifications needs from money: a quote per verification (recorded in VerificationSubmitted)
 * and payment of the order. Served by the money area's OrderQuotes and PlaceOrder (MoneyVerificationPayments).
 */
export interface VerificationPayments {
  /** `applicationOwnerPays`: inside an application, whether its owner pays (then nothing is charged). */
  quote(principal: Principal, items: readonly PaymentItem[], applicationOwnerPays?: boolean): Promise<Record<string, Price>>;
  /** The order review's figures for these items (money 2.9), recording nothing; `extraCredit` in major units. */
  preview(principal: Principal, items: readonly PaymentItem[], options: { extraCredit?: number | null; applicationOwnerPays?: boolean }): Promise<OrderPreview>;
  /** Idempotent by key: a retried order is charged once. Refuses (DomainError) a declined card or too little credit. */
  pay(request: {
    principal: Principal;
    items: readonly PaymentItem[];
    creditPurchase: CreditPurchase | null;
    idempotencyKey: string;
    applicationOwnerPays?: boolean;
  }): Promise<PaymentOutcome>;
}

/** Minor units for money (the account's currency); credits for token payers; 'none' when the caller does not pay. */
export type OrderPreview =
  | { unit: 'none' }
  | (TokenOrderPlan & { balance: number })
  | (MoneyOrderPlan & { currency: string; paymentType: string; creditAvailableMinor: number });

export const VERIFICATION_PAYMENTS = Symbol('VERIFICATION_PAYMENTS');
