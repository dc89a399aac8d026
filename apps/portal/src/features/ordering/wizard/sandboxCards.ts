/**
 * The sandbox card form's test cards (money 2.10 in the embedded default): it behaves like the card provider's test
 * mode and hands the API the provider's documented test nonces, which the sandbox payment adapter accepts
 * (apps/api/src/modules/money/payments/sandbox-nonces.ts). 3-D Secure is on: one card asks for a challenge.
 */
export interface SandboxCard {
  number: string;
  label: string;
  /** The nonce it yields, or 'challenge' for the 3-D Secure challenge card. */
  nonce: string | 'challenge';
}

export const SANDBOX_CARDS: readonly SandboxCard[] = [
  { number: '4111111111111111', label: 'Visa, approved', nonce: 'fake-three-d-secure-visa-full-authentication-nonce' },
  { number: '5555555555554444', label: 'Mastercard, approved', nonce: 'fake-valid-mastercard-nonce' },
  { number: '378282246310005', label: 'American Express, approved', nonce: 'fake-valid-amex-nonce' },
  { number: '4000111111111115', label: 'Visa, declined by the bank', nonce: 'fake-processor-declined-visa-nonce' },
  { number: '4000000000001091', label: 'Visa, 3-D Secure challenge', nonce: 'challenge' },
];

export const CHALLENGE_PASSED = 'fake-three-d-secure-visa-full-authentication-nonce';
export const CHALLENGE_FAILED = 'fake-three-d-secure-visa-failed-authentication-nonce';
/** The code the 3-D Secure challenge accepts, as the provider's test challenge does. */
export const CHALLENGE_CODE = '1234';

export const digitsOf = (raw: string) => raw.replace(/\D/g, '');

/** The Luhn check every card number passes. */
export function luhnValid(number: string): boolean {
  const d = digitsOf(number);
  if (d.length < 12 || d.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** Card number grouped in fours as typed (Amex 4-6-5). */
export function formatCardNumber(raw: string): string {
  const d = digitsOf(raw).slice(0, 19);
  if (/^3[47]/.test(d)) return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
  return d.replace(/(.{4})/g, '$1 ').trim();
}

export function formatExpiry(raw: string): string {
  const d = digitsOf(raw).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

export interface CardInput {
  number: string;
  expiry: string;
  cvv: string;
}

/** Field problems of the card form, like the provider's hosted fields; `now` gives the month. */
export function cardProblems(card: CardInput, now: Date): Partial<Record<keyof CardInput, string>> {
  const out: Partial<Record<keyof CardInput, string>> = {};
  if (!luhnValid(card.number)) out.number = 'Credit card number is invalid.';
  const m = /^(\d{2})\/(\d{2})$/.exec(card.expiry);
  const month = m ? Number(m[1]) : 0;
  const year = m ? 2000 + Number(m[2]) : 0;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  if (!m || month < 1 || month > 12 || year * 12 + month < current) out.expiry = 'Expiration date is invalid.';
  const amex = /^3[47]/.test(digitsOf(card.number));
  if (!new RegExp(amex ? '^\\d{4}$' : '^\\d{3}$').test(card.cvv)) out.cvv = 'CVV is invalid.';
  return out;
}

/** What the sandbox does with a card: its nonce, a challenge, or a refusal for numbers that are not test cards. */
export function sandboxOutcome(number: string): { nonce: string } | { challenge: true } | { unknown: true } {
  const card = SANDBOX_CARDS.find((c) => c.number === digitsOf(number));
  if (!card) return { unknown: true };
  return card.nonce === 'challenge' ? { challenge: true } : { nonce: card.nonce };
}
