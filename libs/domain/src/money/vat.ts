import { percentOf, type Minor } from './money';

/** VAT is 20 % for VAT payers (money 9), none otherwise. */
export const VAT_RATE_PERCENT = 20;

export const vatRatePercentFor = (vatPayer: boolean): number => (vatPayer ? VAT_RATE_PERCENT : 0);

/** The invoice's vatMultiplier (3.): 1.2 when VAT applies, 1 otherwise. A display value; sums use the rate. */
export const vatMultiplierOf = (vatRatePercent: number): number => (100 + vatRatePercent) / 100;

/** The whole percentage behind a vatMultiplier as the invoice carries it (1.2 -> 20). */
export const vatRatePercentOf = (vatMultiplier: number): number => Math.round((vatMultiplier - 1) * 100);

/** VAT on an amount at a rate, to the nearest minor unit. */
export const vatOn = (minor: Minor, vatRatePercent: number): Minor => percentOf(minor, vatRatePercent);
