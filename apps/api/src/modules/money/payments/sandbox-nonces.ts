import type { Minor } from '@credence/domain';
import type { ChargeOutcome } from './payment-gateway.port';

type Failure = Exclude<ChargeOutcome, { status: 'succeeded' }>['status'];
type Behaviour = { status: 'succeeded' } | { status: Failure; code: string; message: string };

const ok: Behaviour = { status: 'succeeded' };
const declined: Behaviour = { status: 'declined', code: '2000', message: 'Do Not Honor' };
const threeDs = (message: string): Behaviour => ({ status: 'three-d-secure-failed', code: 'three_d_secure', message });

/**
 * The provider's documented test nonces (Braintree's `Nonces` test values), and what its sandbox does with each
 * when 3-D Secure is required. Any other nonce is unknown, as a real nonce would be to this sandbox.
 */
export const SANDBOX_NONCES: Readonly<Record<string, Behaviour>> = {
  'fake-valid-nonce': ok,
  'fake-valid-visa-nonce': ok,
  'fake-valid-mastercard-nonce': ok,
  'fake-valid-amex-nonce': ok,
  'fake-valid-discover-nonce': ok,
  'fake-valid-debit-nonce': ok,
  'fake-three-d-secure-visa-full-authentication-nonce': ok,
  'fake-three-d-secure-visa-attempts-non-participating-nonce': ok,
  'fake-processor-declined-visa-nonce': declined,
  'fake-processor-declined-mastercard-nonce': declined,
  'fake-processor-declined-amex-nonce': declined,
  'fake-processor-declined-discover-nonce': declined,
  'fake-processor-failure-jcb-nonce': { status: 'declined', code: '3000', message: 'Processor Network Unavailable - Try Again' },
  'fake-three-d-secure-visa-failed-authentication-nonce': threeDs('3-D Secure authentication failed'),
  'fake-three-d-secure-visa-failed-signature-nonce': threeDs('3-D Secure signature verification failed'),
  'fake-three-d-secure-visa-lookup-timeout-nonce': threeDs('3-D Secure lookup timed out'),
  'fake-three-d-secure-visa-unavailable-nonce': threeDs('3-D Secure authentication unavailable'),
  'fake-luhn-invalid-nonce': { status: 'rejected', code: '81715', message: 'Credit card number is invalid.' },
  'fake-consumed-nonce': { status: 'rejected', code: '93107', message: 'Cannot use a payment_method_nonce more than once.' },
  'fake-gateway-rejected-fraud-nonce': { status: 'rejected', code: 'fraud', message: 'Gateway Rejected: fraud' },
};

/**
 * What the sandbox answers for a nonce and an amount. Like the provider's sandbox, amounts of 2000.00-2999.99
 * are declined with that processor response code, and 3000.00-3000.99 fail.
 */
export function sandboxBehaviour(nonce: string, amountMinor: Minor): Behaviour {
  const byNonce = SANDBOX_NONCES[nonce];
  if (!byNonce) return { status: 'rejected', code: '91565', message: 'Unknown or expired payment_method_nonce.' };
  if (byNonce.status !== 'succeeded') return byNonce;
  if (amountMinor >= 200000 && amountMinor <= 299999) {
    return { status: 'declined', code: String(Math.floor(amountMinor / 100)), message: 'Processor Declined' };
  }
  if (amountMinor >= 300000 && amountMinor <= 300099) {
    return { status: 'declined', code: '3000', message: 'Processor Network Unavailable - Try Again' };
  }
  return ok;
}

/**
 * The card behind each approving test nonce, as the provider's test mode vaults it ('Save card for later'): its type,
 * last 4 digits and expiry. Our sandbox form's cards map to these (apps/portal .../sandboxCards.ts).
 */
export const SANDBOX_NONCE_CARDS: Readonly<Record<string, { cardType: string; last4: string; expirationMonth: string; expirationYear: string }>> = {
  'fake-valid-nonce': { cardType: 'Visa', last4: '1111', expirationMonth: '12', expirationYear: '2030' },
  'fake-valid-visa-nonce': { cardType: 'Visa', last4: '1111', expirationMonth: '12', expirationYear: '2030' },
  'fake-three-d-secure-visa-full-authentication-nonce': { cardType: 'Visa', last4: '1111', expirationMonth: '12', expirationYear: '2030' },
  'fake-three-d-secure-visa-attempts-non-participating-nonce': { cardType: 'Visa', last4: '1091', expirationMonth: '12', expirationYear: '2030' },
  'fake-valid-mastercard-nonce': { cardType: 'Mastercard', last4: '4444', expirationMonth: '12', expirationYear: '2030' },
  'fake-valid-amex-nonce': { cardType: 'American Express', last4: '0005', expirationMonth: '12', expirationYear: '2030' },
  'fake-valid-discover-nonce': { cardType: 'Discover', last4: '1117', expirationMonth: '12', expirationYear: '2030' },
  'fake-valid-debit-nonce': { cardType: 'Visa', last4: '1881', expirationMonth: '12', expirationYear: '2030' },
};

/** Nonces the sandbox mints for a saved card (paymentMethodNonce.create): single use, for that customer only. */
export const VAULTED_NONCE_PREFIX = 'tokencc_sbx_';
