/**
 * The analytics calendar: UTC days, weeks keyed by their Monday, months by their first day; every period is a
 * 'yyyy-MM-dd' string, so periods sort and compare as text.
 */
export type Grain = 'D' | 'W' | 'M';
export const GRAINS: readonly Grain[] = ['D', 'W', 'M'];

const DAY_MS = 86_400_000;

/** The UTC day of an instant. */
export const dayOf = (iso: string): string => new Date(iso).toISOString().slice(0, 10);

const parseDay = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const formatDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, n: number): string => formatDay(parseDay(day) + n * DAY_MS);

/** The Monday of the (ISO, Monday-first) week holding the day. */
export function mondayOf(day: string): string {
  const ms = parseDay(day);
  const weekday = new Date(ms).getUTCDay(); // 0 Sunday .. 6 Saturday
  return formatDay(ms - ((weekday + 6) % 7) * DAY_MS);
}

export const monthOf = (day: string): string => `${day.slice(0, 7)}-01`;

export function addMonths(month: string, n: number): string {
  const d = new Date(parseDay(monthOf(month)));
  return formatDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
}

/** The period of the grain that holds the day. */
export function periodOf(grain: Grain, day: string): string {
  switch (grain) {
    case 'D':
      return day;
    case 'W':
      return mondayOf(day);
    case 'M':
      return monthOf(day);
    default: {
      const never: never = grain;
      throw new Error(`unknown grain ${String(never)}`);
    }
  }
}

/** The period `n` periods after (negative: before) the given one. */
export function shiftPeriod(grain: Grain, period: string, n: number): string {
  switch (grain) {
    case 'D':
      return addDays(period, n);
    case 'W':
      return addDays(period, 7 * n);
    case 'M':
      return addMonths(period, n);
    default: {
      const never: never = grain;
      throw new Error(`unknown grain ${String(never)}`);
    }
  }
}

/**
 * The last `count` periods up to and including the one holding `today`, oldest first. Every chart asks for the same
 * few (a year by week, two years by month...) until the day changes, and working out 52 weeks through Date objects
 * cost the weekly volume call most of its JavaScript: answered from a small cache of today's, shared (read-only).
 */
export function lastPeriods(grain: Grain, today: string, count: number): readonly string[] {
  const key = `${grain}|${today}|${count}`;
  let periods = recentPeriods.get(key);
  if (!periods) {
    const current = periodOf(grain, today);
    periods = Object.freeze(Array.from({ length: count }, (_, i) => shiftPeriod(grain, current, i - count + 1)));
    if (recentPeriods.size >= 64) recentPeriods.clear();
    recentPeriods.set(key, periods);
  }
  return periods;
}
const recentPeriods = new Map<string, readonly string[]>();
