import { RESOLVED_RESULT_CHOICES } from '@credence/domain';
import type { Query } from '@/shared/api/client';
import type { TableState } from '@/shared/ui/table';

/**
 * The filters of the Pending and Resolved Verifications lists (verifications 2.11): the quick search ('Name or
 * QCID'), a date range, and for the resolved list the results the resolver decided. Kept in the URL, as the
 * history's are, so Back from a request shows the same list.
 */
export interface ResolverFilters {
  query: string;
  /** YYYY-MM-DD, inclusive. */
  fromDate: string;
  toDate: string;
  /** REJECTED, VERIFIED, NOT_VERIFIED (the resolved list only). */
  results: string[];
}

export const EMPTY_RESOLVER_FILTERS: ResolverFilters = { query: '', fromDate: '', toDate: '', results: [] };

const RESOLVED_VALUES = new Set(RESOLVED_RESULT_CHOICES.map((c) => c.value));

export function resolverFiltersFromParams(params: URLSearchParams): ResolverFilters {
  return {
    query: params.get('query') ?? '',
    fromDate: params.get('fromDate') ?? '',
    toDate: params.get('toDate') ?? '',
    results: (params.get('result') ?? '')
      .split(',')
      .map((r) => r.trim().toUpperCase())
      .filter((r) => RESOLVED_VALUES.has(r)),
  };
}

/** The params with the filters replaced and the page back to the first. */
export function withResolverFilters(params: URLSearchParams, f: ResolverFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
  set('query', f.query.trim());
  set('fromDate', f.fromDate);
  set('toDate', f.toDate);
  set('result', f.results.join(','));
  next.delete('page');
  return next;
}

/** The '(n)' of the Filters button: a date range counts once. */
export function activeResolverFilterCount(f: ResolverFilters): number {
  return [!!f.query.trim(), !!(f.fromDate || f.toDate), f.results.length > 0].filter(Boolean).length;
}

/** GET /verification/pending|resolved's query (verifications 7): 0-based page, dates as YYYY-MM-DD. */
export function resolverQuery(f: ResolverFilters, state: TableState, withResults: boolean): Query {
  return {
    page: state.page,
    size: state.perPage,
    query: f.query.trim() || undefined,
    fromDate: f.fromDate || undefined,
    toDate: f.toDate || undefined,
    results: withResults && f.results.length ? f.results.join(',') : undefined,
  };
}
