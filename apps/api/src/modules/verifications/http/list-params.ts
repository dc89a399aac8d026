import { DomainError, expandResultFilter, normaliseDate, type VerificationResult } from '@credence/domain';
import { all, first, instant, parsePage } from '../../../common/http/list-query';
import { typeAliasOf } from '../commands/draft-input';
import type { ListCriteria, Paging } from '../queries/verification-list.query';

type Query = Record<string, unknown>;
const one = (q: Query, key: string) => first(q[key]);
const many = (q: Query, key: string) => all(q[key]);

const invalid = (message: string) => new DomainError('invalid', message);

export function pagingOf(q: Query): Paging {
  const { page, size } = parsePage(q, { size: 20, maxSize: 100, maxPage: 1_000_000 });
  return { page, size, after: one(q, 'after') };
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
