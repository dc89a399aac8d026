import { formatDate } from '@/shared/ui/format';

/** The charts' period options (money 2.15); the number is sent as the period count. */
export const PERIODS = [
  { label: 'Daily (30)', count: 30 },
  { label: 'Weekly (52)', count: 52 },
  { label: 'Monthly (12)', count: 12 },
  { label: 'Monthly (24)', count: 24 },
] as const;
export type PeriodCount = (typeof PERIODS)[number]['count'];
export const DEFAULT_PERIOD: PeriodCount = 12;

/** COUNTRY STATISTICS' Top-N options (money 2.15), Top 5 by default. */
export const TOP_N = [5, 10, 15, 20] as const;
export type TopN = (typeof TOP_N)[number];

/**
 * Which Top-N options are disabled for a country total (money 2.15): Top 20 when the total is 15 or fewer, Top 15 when
 * 10 or fewer, Top 10 when fewer than 5. Top 5 is always open.
 */
export function topNDisabled(n: TopN, countryTotal: number): boolean {
  switch (n) {
    case 20:
      return countryTotal <= 15;
    case 15:
      return countryTotal <= 10;
    case 10:
      return countryTotal < 5;
    default:
      return false;
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A period's label: 'Nov 2026' for a month; a day, and a week by its Monday, as '05 Jan 2024' (money 2.15). */
export function periodLabel(date: string, count: PeriodCount): string {
  if (count === 12 || count === 24) return `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
  return formatDate(date);
}

/**
 * 'You have completed verifications from N different countries' (money 2.15); for one country, the reading a user
 * expects ('from 1 country', not '1 different countries').
 */
export const countriesTooltip = (n: number) =>
  n === 1 ? 'You have completed verifications from 1 country' : `You have completed verifications from ${n} different countries`;
