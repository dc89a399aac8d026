import { DomainError } from '@credence/domain';
import type { ChargeOutcome } from '../payments/payment-gateway.port';

export const CARD_DECLINED = 'QC-CARD-DECLINED';
export const THREE_D_SECURE_FAILED = 'QC-3DS-FAILED';
export const PAYMENT_REJECTED = 'QC-PAYMENT-REJECTED';
export const PAYMENT_REQUIRED = 'QC-PAYMENT-REQUIRED';

/** The failed charge as the error the customer sees (422): what happened, that no money was taken, what to do. */
export function paymentFailure(outcome: Exclude<ChargeOutcome, { status: 'succeeded' }>): DomainError {
  switch (outcome.status) {
    case 'declined':
      return new DomainError(
        'unprocessable',
        'Your card was declined. No payment has been taken. Please check the card details or use another card.',
        CARD_DECLINED,
      );
    case 'three-d-secure-failed':
      return new DomainError(
        'unprocessable',
        'Your bank could not confirm this payment (3-D Secure). No payment has been taken. Please try again or use another card.',
        THREE_D_SECURE_FAILED,
      );
    case 'rejected':
      return new DomainError(
        'unprocessable',
        `The card payment could not be processed (${outcome.message}). No payment has been taken. Please enter the card details again.`,
        PAYMENT_REJECTED,
      );
    default: {
      const never: never = outcome;
      throw new Error(`unknown charge outcome ${String(never)}`);
    }
  }
}

export const paymentRequired = () =>
  new DomainError('invalid', 'This order needs a card payment: please enter your card details.', PAYMENT_REQUIRED);
