import type { Minor } from '@credence/domain';

/**
 * The card payment provider, as the money area needs it (2.9-2.11): a client token for the browser's card form,
 * and a charge of a nonce (the single-use token the provider's form gives the browser after 3-D Secure). Card
 * numbers never reach this server.
 */
export interface PaymentGateway {
  /** Which adapter this is: 'braintree' (real provider) or 'sandbox' (the embedded default). */
  readonly name: 'braintree' | 'sandbox';
  /** The btToken the browser's card form starts with; with a customer id it offers the customer's saved cards. */
  clientToken(customer: { customerId: string; email: string }): Promise<string>;
  /**
   * Charges a nonce once per idempotency key: a second call with the key answers the first outcome (success or
   * failure) without charging again.
   */
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** Takes back a charge that could not be recorded (void before settlement, refund after). */
  voidCharge(transactionId: string): Promise<void>;
  /**
   * Gives (part of) a charge back to the card it came from, once per idempotency key: a second call with the key
   * answers the first outcome without refunding again. Refused when more than the charge has left is asked.
   */
  refund(request: RefundRequest): Promise<RefundOutcome>;
  /** The charge made with this idempotency key, if any (for a sweeper that finds an order's hold left behind). */
  findCharge(idempotencyKey: string): Promise<{ transactionId: string; succeeded: boolean } | null>;
  /**
   * The customer's vault ('Save card for later', 2.9): cards a charge with saveCard kept, as the provider holds them
   * (a token, the type, the last 4 digits, the expiry; never the number or CVV). Only this customer's.
   */
  savedCards(customerId: string): Promise<SavedCard[]>;
  /** Removes one of the customer's saved cards; false when the customer has no such card (another's is not theirs). */
  removeSavedCard(customerId: string, token: string): Promise<boolean>;
  /**
   * A single-use nonce paying with one of the customer's saved cards (the provider's paymentMethodNonce.create):
   * the browser hands it back as btNonce, as it does a new card's. Null when the customer has no such card.
   */
  savedCardNonce(customerId: string, token: string): Promise<string | null>;
}

export interface SavedCard {
  /** The provider's payment method token. */
  token: string;
  /** 'Visa', 'Mastercard', 'American Express', ... */
  cardType: string;
  last4: string;
  /** '12' */
  expirationMonth: string;
  /** '2030' */
  expirationYear: string;
}

export interface RefundRequest {
  idempotencyKey: string;
  /** The charge to refund. */
  transactionId: string;
  amountMinor: Minor;
}

export type RefundOutcome =
  | { status: 'refunded'; refundTransactionId: string }
  | { status: 'refused'; code: string; message: string };

export interface ChargeRequest {
  idempotencyKey: string;
  amountMinor: Minor;
  currency: string;
  nonce: string;
  /** The logged-in username (2.10: the e-mail given to the provider). */
  email: string;
  /** The provider's customer: the account (company) id. */
  customerId: string;
  /** 'Save card for later' (btSaveCard). */
  saveCard: boolean;
  /** What the charge is for, shown in the provider's records. */
  description: string;
}

export type ChargeOutcome =
  | {
      status: 'succeeded';
      transactionId: string;
      /** The card authorisation code: the invoice's Receipt Id. */
      receiptId: string;
      amountMinor: Minor;
    }
  /** The card issuer said no (processor declined or failed). */
  | { status: 'declined'; code: string; message: string; transactionId: string | null }
  /** 3-D Secure authentication failed or could not be done while required. */
  | { status: 'three-d-secure-failed'; code: string; message: string; transactionId: string | null }
  /** The provider refused the request itself (an unknown, used or invalid nonce, fraud rules). */
  | { status: 'rejected'; code: string; message: string; transactionId: string | null };

export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');
