import { formatMoney as formatMinor, type Minor } from '@credence/domain';

/**
 * Money with the account's currency symbol (access.md 9: USD $, EUR €, AUD, otherwise £), from integer minor units
 * as libs/domain counts them: formatMoney(4050, 'GBP') is '£40.50'. The symbol comes from libs/domain's
 * currencySymbol, so the balance line of the shell and every amount agree.
 */
export function formatMoney(minor: Minor, currency: string | null | undefined): string {
  return formatMinor(minor, currency);
}

/**
 * An amount the API answers in major units (40.5 meaning £40.50), read as minor units first so that 8.55 stays
 * 8.55; '' when the value is not a number.
 */
export function formatMajorAmount(
  amount: number | null | undefined,
  currency: string | null | undefined,
): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '';
  return formatMoney(Math.round(amount * 100), currency);
}

/** A cost or balance for token payers: '1 credit', '3 credits' (money 2.8: 'every cost shows as 1 credit'). */
export function formatCredits(n: number): string {
  return `${n} ${n === 1 || n === -1 ? 'credit' : 'credits'}`;
}

/** A turnaround: '1 day' or 'N days'; -1 reads n/a (money-and-insights.md 2.18). */
export function formatDays(n: number): string {
  if (n === -1) return 'n/a';
  return `${n} ${n === 1 ? 'day' : 'days'}`;
}
