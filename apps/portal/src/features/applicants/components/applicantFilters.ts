import type { Query } from '@/shared/api/client';
import { DEFAULT_PER_PAGE, type TableState } from '@/shared/ui/table';

/**
 * Who reads the applicant history (verifications 2.13, 6): an organisation reads the applications made to it, an
 * individual with hasApplicants their own, with an Organisation column and filter instead of the Applicant ones.
 */
export type ApplicantAudience = 'organisation' | 'individual';

/** Statuses an organisation filters by (verifications 4: OPEN is offered to individuals only, ARCHIVED to organisations only). */
export const ORGANISATION_STATUSES = ['PENDING', 'APPLICANT_ACTION', 'COMPLETED', 'ARCHIVED'] as const;
/** Statuses an individual filters by: OPEN, and no ARCHIVED (verifications 4). */
export const INDIVIDUAL_STATUSES = ['OPEN', 'PENDING', 'APPLICANT_ACTION', 'COMPLETED'] as const;
/** The organisations' default (verifications 4): PENDING + COMPLETED. */
export const DEFAULT_STATUSES = ['PENDING', 'COMPLETED'];

export const statusesOffered = (audience: ApplicantAudience): readonly string[] =>
  audience === 'individual' ? INDIVIDUAL_STATUSES : ORGANISATION_STATUSES;
/** Verifications 4: 'Status filter default: none for individuals; PENDING + COMPLETED for organisations.' */
export const defaultStatuses = (audience: ApplicantAudience): string[] => (audience === 'individual' ? [] : DEFAULT_STATUSES);
const CUSTOM_PREFIX = 'cf.';

export interface ApplicantFilters {
  query: string;
  statuses: string[];
  fromDate: string;
  toDate: string;
  ref: string;
  custom: Record<string, string>;
}

/**
 * The filters as the URL holds them: ?status=ALL lists every status, no status the default. An individual has no
 * Reference or custom filters (verifications 6), so a link carrying them filters nothing for one, and statuses not
 * offered to the audience are dropped (an individual's link with ARCHIVED, an organisation's with OPEN).
 */
export function applicantFiltersFromParams(params: URLSearchParams, audience: ApplicantAudience = 'organisation'): ApplicantFilters {
  const status = params.get('status');
  const offered = statusesOffered(audience);
  const statuses =
    status === null
      ? defaultStatuses(audience)
      : status.toUpperCase() === 'ALL'
        ? []
        : status
            .split(',')
            .map((s) => s.trim().toUpperCase())
            .filter((s) => offered.includes(s));
  const custom: Record<string, string> = {};
  if (audience === 'organisation')
    for (const [key, value] of params) if (key.startsWith(CUSTOM_PREFIX) && value) custom[key.slice(CUSTOM_PREFIX.length)] = value;
  return {
    query: params.get('query') ?? '',
    statuses,
    fromDate: params.get('fromDate') ?? '',
    toDate: params.get('toDate') ?? '',
    ref: audience === 'organisation' ? (params.get('ref') ?? '') : '',
    custom,
  };
}

export function withApplicantFilters(params: URLSearchParams, f: ApplicantFilters): URLSearchParams {
  const next = new URLSearchParams();
  const perPage = params.get('perPage');
  if (perPage) next.set('perPage', perPage);
  if (f.query) next.set('query', f.query);
  next.set('status', f.statuses.length ? f.statuses.join(',') : 'ALL');
  if (f.fromDate) next.set('fromDate', f.fromDate);
  if (f.toDate) next.set('toDate', f.toDate);
  if (f.ref) next.set('ref', f.ref);
  for (const [key, value] of Object.entries(f.custom)) if (value) next.set(`${CUSTOM_PREFIX}${key}`, value);
  return next;
}

export function applicantTableState(params: URLSearchParams): TableState {
  const page = Number(params.get('page') ?? 0);
  const perPage = Number(params.get('perPage') ?? DEFAULT_PER_PAGE);
  return { page: Number.isInteger(page) && page >= 0 ? page : 0, perPage: Number.isInteger(perPage) && perPage > 0 ? perPage : DEFAULT_PER_PAGE };
}

export function withApplicantTableState(params: URLSearchParams, state: TableState): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('page', String(state.page));
  next.set('perPage', String(state.perPage));
  return next;
}

/** The filters that differ from the defaults, for the Filters button's '(n)'. */
export function activeApplicantFilters(f: ApplicantFilters, audience: ApplicantAudience = 'organisation'): number {
  const statusChanged = f.statuses.join(',') !== defaultStatuses(audience).join(',');
  return [f.query, statusChanged, f.fromDate || f.toDate, f.ref, ...Object.values(f.custom)].filter(Boolean).length;
}

/** GET /application's query (verifications 7), custom filters under their own keys. */
export function applicantQuery(f: ApplicantFilters, state: TableState): Query {
  return {
    page: state.page,
    size: state.perPage,
    query: f.query || undefined,
    status: f.statuses.length ? f.statuses.join(',') : undefined,
    fromDate: f.fromDate || undefined,
    toDate: f.toDate || undefined,
    ref: f.ref || undefined,
    ...f.custom,
  };
}
