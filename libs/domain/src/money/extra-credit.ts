/**
 * The Extra (Exact) credit input of the order review (2.9, 5, money 9): 10 by default outside the order flow and 0
 * inside it, from the minimum (1 unless told otherwise) to 1000; an empty value is reset to 1. Amounts are whole
 * units of the account's currency.
 */
export const EXTRA_CREDIT_MAX = 1000;
export const EXTRA_CREDIT_MIN_DEFAULT = 1;
export const EXTRA_CREDIT_EMPTY_VALUE = 1;

export const extraCreditDefault = (inOrderFlow: boolean): number => (inOrderFlow ? 0 : 10);

/** What the input holds after the user typed `raw`: empty -> 1, otherwise kept within [min, 1000]. */
export function normaliseExtraCredit(raw: number | string | null | undefined, min = EXTRA_CREDIT_MIN_DEFAULT): number {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return EXTRA_CREDIT_EMPTY_VALUE;
  const n = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isFinite(n)) return EXTRA_CREDIT_EMPTY_VALUE;
  return Math.min(EXTRA_CREDIT_MAX, Math.max(min, Math.round(n)));
}

/** Server-side check of a credit amount (whole units): null when valid, else the message. */
export function extraCreditError(value: number, min = EXTRA_CREDIT_MIN_DEFAULT): string | null {
  if (!Number.isFinite(value) || value < min || value > EXTRA_CREDIT_MAX) {
    return `The credit amount must be between ${min} and ${EXTRA_CREDIT_MAX}.`;
  }
  return null;
}
