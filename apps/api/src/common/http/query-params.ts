import { DomainError, normaliseDate } from '@credence/domain';

/** Query-string readers shared by the API's list routes (the /v1 lists' page, size and date filters). */
export type Query = Record<string, unknown>;

const invalid = (message: string) => new DomainError('invalid', message);
export const one = (q: Query, key: string): string | undefined => {
  const v = q[key];
  if (v === undefined || v === '') return undefined;
  if (Array.isArray(v)) return typeof v[0] === 'string' ? v[0] : undefined;
  return typeof v === 'string' ? v : undefined;
};
export const many = (q: Query, key: string): string[] => {
  const v = q[key];
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string' && x !== '');
};

export function int(q: Query, key: string, fallback: number, min: number, max: number): number {
  const raw = one(q, key);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw invalid(`The ${key} parameter must be a whole number from ${min} to ${max}.`);
  return n;
}

/** A date filter as an instant: YYYY-MM-DD (a whole day, UTC) or epoch milliseconds (verifications.md 7's two readings). */
export function instant(raw: string | undefined, key: string, end: boolean): string | undefined {
  if (raw === undefined) return undefined;
  if (/^\d{10,15}$/.test(raw)) return new Date(Number(raw)).toISOString();
  const day = normaliseDate(raw);
  if (!day) throw invalid(`The ${key} parameter must be a date (YYYY-MM-DD).`);
  const at = new Date(`${day}T00:00:00.000Z`);
  if (end) at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString();
}

