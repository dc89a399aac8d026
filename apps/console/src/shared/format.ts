/** UK dates and money, everywhere in the console (staff read dates as 21 Nov 2026, 14:05). */
export const UK_DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: 'short', year: 'numeric' };
export const UK_DATE_TIME: Intl.DateTimeFormatOptions = { ...UK_DATE, hour: '2-digit', minute: '2-digit' };

export function ukDate(value: string | number | Date | null | undefined, withTime = false): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toLocaleString('en-GB', withTime ? UK_DATE_TIME : UK_DATE);
}

/** Events of one request often fall in the same minute: an auditor orders them by the second. */
const UK_INSTANT: Intl.DateTimeFormatOptions = { ...UK_DATE_TIME, second: '2-digit' };

/** '2026-11-28T12:35:05.351Z' -> '28 Nov 2026, 12:35:05'. */
export const ukInstant = (value: string | number | Date) => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toLocaleString('en-GB', UK_INSTANT);
};

/** ukInstant with the milliseconds, for two instants that differ only below the second: '28 Nov 2026, 12:35:05.351'. */
export const ukInstantMs = (value: string | number | Date) => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : `${ukInstant(date)}.${String(date.getMilliseconds()).padStart(3, '0')}`;
};

/** An instant the API stamped ('2026-11-28T12:35:05.351Z'), as against a plain date such as a date of birth. */
export const isIsoInstant = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value) &&
  !Number.isNaN(Date.parse(value));

const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', AUD: '$' };
/** access.md 9: USD $, EUR €, AUD $, otherwise £. */
export const currencySymbol = (currency?: string | null) => SYMBOLS[currency ?? ''] ?? '£';

export function money(amount: number | null | undefined, currency?: string | null): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '';
  const sign = amount < 0 ? '-' : '';
  return `${sign}${currencySymbol(currency)}${Math.abs(amount).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** 95000 -> '1 min 35 s'; for projection lag. */
export function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  if (ms < 1000) return ms === 0 ? 'caught up' : `${ms} ms`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  const h = Math.floor(m / 60);
  return `${h} h ${m % 60} min`;
}
