import type { Minor } from './money';

/**
 * The old fee shown struck through when the account has a discount (2.9, money 9): the discounted fee maps to its
 * original price, 40.5->45, 36->40, 18->20, 9->10, 8.55->9.5, 23.4->26, 44.1->49, and any other fee to 100.
 */
const ORIGINAL_FEES: ReadonlyMap<Minor, Minor> = new Map([
  [4050, 4500],
  [3600, 4000],
  [1800, 2000],
  [900, 1000],
  [855, 950],
  [2340, 2600],
  [4410, 4900],
]);

export const OTHER_ORIGINAL_FEE: Minor = 10000;

export function originalFee(discountedFee: Minor): Minor {
  return ORIGINAL_FEES.get(discountedFee) ?? OTHER_ORIGINAL_FEE;
}

/**
 * Whether the discount's promotion runs on this day (YYYY-MM-DD; money 9, verifications 9: 10 % off in October, the
 * offer ending 5 November). Its banners ('SPECIAL OFFER: ... Offer ends 5th of November.') show only then: in late
 * November an offer that 'ends 5th of November' would read as a mistake.
 */
export function promotionRunning(today: string): boolean {
  const monthDay = today.slice(5, 10);
  return monthDay >= '10-01' && monthDay <= '11-05';
}
