import { DomainError } from '../shared/domain-error';

/**
 * Money is counted in minor units (pence, cents) as safe integers, never as floating point. Decimal numbers
 * (40.5 meaning £40.50) appear only at the edges: what a client sends and what it is shown.
 */
export type Minor = number;

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

export function isMinor(value: unknown): value is Minor {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/**
 * A decimal amount in major units (40.5, '40.50', 8.55) as minor units (4050, 855). The amount is read from its
 * decimal text, digit by digit, so 8.55 is 855 exactly; more than two decimals is refused, not rounded.
 */
export function toMinor(amount: number | string): Minor {
  const text = typeof amount === 'number' ? String(amount) : amount.trim();
  const m = DECIMAL.exec(text);
  if (!m || (typeof amount === 'number' && !Number.isFinite(amount))) {
    throw new DomainError('invalid', `${String(amount)} is not an amount of money with at most two decimals.`);
  }
  const [, sign, whole, fraction = ''] = m;
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) throw new DomainError('invalid', `${String(amount)} is too large.`);
  return sign ? -minor : minor;
}

/** Minor units as a decimal number for JSON answers (4050 -> 40.5). Display only: never computed with again. */
export function fromMinor(minor: Minor): number {
  return minor / 100;
}

/** Integer division rounding half away from zero (the usual commercial rounding of a half penny). */
export function divideRounded(numerator: number, denominator: number): number {
  if (denominator <= 0 || !Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator)) {
    throw new Error(`divideRounded(${numerator}, ${denominator}) needs safe integers and a positive denominator`);
  }
  const sign = numerator < 0 ? -1 : 1;
  const n = Math.abs(numerator);
  const q = Math.floor(n / denominator);
  const r = n - q * denominator;
  return sign * (r * 2 >= denominator ? q + 1 : q);
}

/** `percent` % of an amount, rounded to the nearest minor unit (half away from zero). */
export function percentOf(minor: Minor, percent: number): Minor {
  if (!Number.isSafeInteger(percent)) throw new Error(`percentOf needs a whole percentage, got ${percent}`);
  return divideRounded(minor * percent, 100);
}

/**
 * Splits `total` into parts proportional to `weights` that add up to `total` exactly (largest remainder, ties to
 * the earlier part). Used to share an order's VAT among its lines so the lines sum to the invoice.
 */
export function allocate(total: Minor, weights: readonly Minor[]): Minor[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new Error(`allocate needs a non-negative total, got ${total}`);
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0)) throw new Error('allocate needs non-negative integer weights');
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) {
    if (total !== 0) throw new Error('allocate: nothing to allocate to');
    return [];
  }
  if (sum === 0) return allocate(total, weights.map(() => 1));
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  const remainders = weights.map((w, i) => ({ i, r: total * w - parts[i] * sum }));
  let left = total - parts.reduce((a, b) => a + b, 0);
  for (const { i } of remainders.sort((a, b) => b.r - a.r || a.i - b.i)) {
    if (left === 0) break;
    parts[i] += 1;
    left -= 1;
  }
  return parts;
}

export const sumMinor = (amounts: readonly Minor[]): Minor => amounts.reduce((a, b) => a + b, 0);
