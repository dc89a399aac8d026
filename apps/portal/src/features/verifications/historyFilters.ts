import { DEFAULT_PER_PAGE, type TableState } from '@/shared/ui/table';
import type { Query } from '@/shared/api/client';

/**
 * The history's filters (verifications.md 2.10), kept in the URL's search params so that a revisit, a reload or
 * a shared link shows the same list. Multi-valued filters are comma-separated.
 */
export interface HistoryFilters {
  /** 'Name or QCID' and the quick search: one value, matched against name, QCID and reference. */
  query: string;
  /** A username. */
  requestedBy: string;
  /** YYYY-MM-DD, inclusive. */
  fromDate: string;
  toDate: string;
  /** Results or the aliases of verifications.md 4 (ACTION, INCOMPLETE). */
  results: string[];
  /** Type short codes (edu, emp, ...). */
  types: string[];
  customerReference: string;
}

export const EMPTY_FILTERS: HistoryFilters = {
  query: '',
  requestedBy: '',
  fromDate: '',
  toDate: '',
  results: [],
  types: [],
  customerReference: '',
};

const list = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** `?result=` takes the spec's aliases (ACTION, INCOMPLETE, PENDING or another result), upper-cased. */
export function filtersFromParams(params: URLSearchParams): HistoryFilters {
  return {
    query: params.get('query') ?? '',
    requestedBy: params.get('requestedBy') ?? '',
    fromDate: params.get('fromDate') ?? '',
    toDate: params.get('toDate') ?? '',
    results: list(params.get('result')).map((r) => r.toUpperCase()),
    types: list(params.get('type')),
    customerReference: params.get('ref') ?? '',
  };
}

/** The params with the filters replaced (and the page back to the first); other params (highlight...) stay. */
export function withFilters(params: URLSearchParams, filters: HistoryFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
  set('query', filters.query.trim());
  set('requestedBy', filters.requestedBy);
  set('fromDate', filters.fromDate);
  set('toDate', filters.toDate);
  set('result', filters.results.join(','));
  set('type', filters.types.join(','));
  set('ref', filters.customerReference.trim());
  next.delete('page');
  return next;
}

/** How many filters are set: the '(n)' of the Filters button. A date range counts once. */
export function activeFilterCount(f: HistoryFilters): number {
  return [
    !!f.query.trim(),
    !!f.requestedBy,
    !!(f.fromDate || f.toDate),
    f.results.length > 0,
    f.types.length > 0,
    !!f.customerReference.trim(),
  ].filter(Boolean).length;
}

export function tableStateFromParams(params: URLSearchParams): TableState {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 0,
    perPage: Number.isInteger(size) && size > 0 && size <= 100 ? size : DEFAULT_PER_PAGE,
  };
}

export function withTableState(params: URLSearchParams, state: TableState): URLSearchParams {
  const next = new URLSearchParams(params);
  if (state.page) next.set('page', String(state.page));
  else next.delete('page');
  if (state.perPage !== DEFAULT_PER_PAGE) next.set('size', String(state.perPage));
  else next.delete('size');
  return next;
}

/** GET /verification's query (verifications.md 7): page is 0-based; results and types comma-joined. */
export function historyQuery(f: HistoryFilters, state: TableState): Query {
  return {
    page: state.page,
    size: state.perPage,
    query: f.query.trim() || undefined,
    requestedBy: f.requestedBy || undefined,
    fromDate: f.fromDate || undefined,
    toDate: f.toDate || undefined,
    results: f.results.length ? f.results.join(',') : undefined,
    type: f.types.length ? f.types.join(',') : undefined,
    customerReference: f.customerReference.trim() || undefined,
  };
}

/** 2.10 and 9: shortcuts of 7, 30 and 90 days, ending today. */
export const DATE_SHORTCUTS = [
  { label: 'Last week', days: 7 },
  { label: 'Last month', days: 30 },
  { label: 'Last 3 months', days: 90 },
] as const;
