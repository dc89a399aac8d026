/**
 * Dates as the portal shows them (verifications.md 9: display DD MMM YYYY, input dd/MM/yyyy, filters and
 * submissions YYYY-MM-DD; money-and-insights.md 2.5: news dates like '1st January 2024'). A date-only value
 * ('2024-01-05') is a calendar date and never shifts with the time zone; an instant is shown in the browser's zone.
 */
export type DateInput = string | number | Date;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a text is a date alone, '2024-01-05' (no time): what formatDate shows as the day itself. */
export function isDateOnly(text: string): boolean {
  return DATE_ONLY.test(text);
}

interface Parts {
  year: number;
  month: number; // 1-12
  day: number;
  hours: number;
  minutes: number;
}

function partsOf(value: DateInput): Parts | null {
  if (typeof value === 'string') {
    const m = DATE_ONLY.exec(value.trim());
    if (m) {
      const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const check = new Date(Date.UTC(year, month - 1, day));
      if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
      return { year, month, day, hours: 0, minutes: 0 };
    }
  }
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hours: d.getHours(),
    minutes: d.getMinutes(),
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** '05 Jan 2024' (DD MMM YYYY, the lists' display format); '' for a missing or invalid date. */
export function formatDate(value: DateInput | null | undefined): string {
  const p = value == null ? null : partsOf(value);
  return p ? `${two(p.day)} ${MONTHS[p.month - 1].slice(0, 3)} ${p.year}` : '';
}

/** '05 Jan 2024 14:30' (24-hour clock): a date with its time, as the credit history's Date & Time column. */
export function formatDateTime(value: DateInput | null | undefined): string {
  const p = value == null ? null : partsOf(value);
  return p ? `${formatDate(value ?? '')} ${two(p.hours)}:${two(p.minutes)}` : '';
}

/** '05/01/2024' (dd/MM/yyyy, the UK numeric form dates are typed in). */
export function formatUkDate(value: DateInput | null | undefined): string {
  const p = value == null ? null : partsOf(value);
  return p ? `${two(p.day)}/${two(p.month)}/${p.year}` : '';
}

/** '2024-01-05' (YYYY-MM-DD, what filters and submissions send). */
export function toIsoDate(value: DateInput | null | undefined): string {
  const p = value == null ? null : partsOf(value);
  return p ? `${p.year}-${two(p.month)}-${two(p.day)}` : '';
}

/** Today in the browser's zone as YYYY-MM-DD: the latest day a date filter may pick. */
export function localToday(now = new Date()): string {
  return toIsoDate(now);
}

/** The ISO date `days` before `today` (YYYY-MM-DD), by the calendar. */
export function daysBefore(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** 1st 2nd 3rd 4th ... 11th 12th 13th ... 21st 22nd 23rd ... 31st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

/** '1st January 2024': the date of a news item (money-and-insights.md 2.5). */
export function formatNewsDate(value: DateInput | null | undefined): string {
  const p = value == null ? null : partsOf(value);
  return p ? `${ordinal(p.day)} ${MONTHS[p.month - 1]} ${p.year}` : '';
}

/** '25 December' (DD MMMM): a public holiday's date (money-and-insights.md 3). */
export function formatDayMonth(value: DateInput | null | undefined): string {
  const p = value == null ? null : partsOf(value);
  return p ? `${two(p.day)} ${MONTHS[p.month - 1]}` : '';
}

/** The Monday of a date's week, YYYY-MM-DD: weekly charts label each week by its Monday (money 2.5, 2.15). */
export function mondayOf(value: DateInput): string {
  const p = partsOf(value);
  if (!p) return '';
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}
