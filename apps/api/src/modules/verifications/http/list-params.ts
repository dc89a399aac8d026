import { DomainError, expandResultFilter, normaliseDate, type VerificationResult } from '@credence/domain';
import { typeAliasOf } from '../commands/draft-input';
import type { ListCriteria, Paging } from '../queries/verification-list.query';

type Query = Record<string, unknown>;

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

export function pagingOf(q: Query): Paging {
  return { page: int(q, 'page', 0, 0, 1_000_000), size: int(q, 'size', 20, 1, 100), after: one(q, 'after') };
}

/** The filters of GET /verification (verifications.md 7) as list criteria, minus the scope. */
export function filtersOf(q: Query, options: { showDeleted: boolean }): Omit<ListCriteria, 'scope'> {
  const requested = many(q, 'results').concat(many(q, 'result'));
  let results: VerificationResult[] | null = null;
  if (requested.length) {
    const expanded = expandResultFilter(requested, options);
    if (expanded.unknown.length) throw invalid(`Unknown result filter: ${expanded.unknown.join(', ')}.`);
    results = expanded.results;
    // DELETED asked for without showDeleted: nothing to show rather than everything.
    if (!results.length) results = ['DELETED'];
  }
  const types = many(q, 'type').flatMap((t) => t.split(',')).filter(Boolean).map((t) => typeAliasOf(t.trim())!);
  const dob = one(q, 'dob');
  return {
    query: one(q, 'query'),
    requestedBy: one(q, 'requestedBy'),
    customerReference: one(q, 'customerReference') ?? one(q, 'ref'),
    results,
    includeDeleted: options.showDeleted && !!results?.includes('DELETED'),
    types,
    from: instant(one(q, 'fromDate'), 'fromDate', false),
    to: instant(one(q, 'toDate'), 'toDate', true),
    instituteId: one(q, 'instituteId'),
    firstname: one(q, 'firstname'),
    surname: one(q, 'surname') ?? one(q, 'lastname'),
    dob: dob ? (normaliseDate(dob) ?? dob) : undefined,
  };
}

export const flag = (q: Query, key: string) => one(q, key) === 'true';
export const resultKeys = (q: Query) => many(q, 'results').flatMap((r) => r.split(',')).map((r) => r.trim().toUpperCase()).filter(Boolean);
