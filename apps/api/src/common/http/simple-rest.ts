import { DomainError } from '@credence/domain';
import type { Response } from 'express';

/**
 * The list protocol of react-admin's ra-data-simple-rest, used by the staff console's admin resources:
 *
 *   GET /admin/things?filter={"q":"x"}&sort=["name","ASC"]&range=[0,24]   -> rows, Content-Range: things 0-24/319
 *   GET /admin/things?filter={"id":[1,2,3]}                                -> getMany
 *   GET /admin/things?filter={"countryId":"GB"}&sort=...&range=...         -> getManyReference
 *
 * Each resource declares which fields may be filtered (and how) and which may be sorted; anything else is refused
 * with 400 in the spec's error body, so a typo in the console shows up instead of silently listing everything.
 */

/** How a filter value is read: text (a string), boolean, number, or ids (one id or a list, as getMany sends). */
export type FilterKind = 'text' | 'boolean' | 'number' | 'ids';

type FilterValue<K extends FilterKind> = K extends 'text'
  ? string
  : K extends 'boolean'
    ? boolean
    : K extends 'number'
      ? number
      : string[];

export type SortOrder = 'ASC' | 'DESC';

export interface SimpleRestSpec<F extends Record<string, FilterKind>, S extends string> {
  /** Name used in Content-Range, e.g. 'institutes'. */
  resource: string;
  /** Filterable fields and their kinds. `id` (a list, for getMany) is always allowed. */
  filters: F;
  sortable: readonly S[];
  defaultSort: readonly [S, SortOrder];
  /** Rows per request when no range is given, and the most a range may ask for (default 25 and 1000). */
  defaultPageSize?: number;
  maxPageSize?: number;
}

export interface SimpleRestQuery<F extends Record<string, FilterKind>, S extends string> {
  filter: { [K in keyof F]?: FilterValue<F[K]> } & { id?: string[] };
  sort: { field: S; order: SortOrder };
  /** Inclusive, as react-admin sends it. */
  range: { start: number; end: number };
  offset: number;
  limit: number;
}

const invalid = (message: string) => new DomainError('invalid', message);

/** Reads and validates filter, sort and range from the query string; throws DomainError('invalid') on bad input. */
export function parseSimpleRestQuery<F extends Record<string, FilterKind>, S extends string>(
  query: Record<string, unknown>,
  spec: SimpleRestSpec<F, S>,
): SimpleRestQuery<F, S> {
  const filter = parseFilter(query.filter, spec.filters);
  const sort = parseSort(query.sort, spec.sortable, spec.defaultSort);
  const range = parseRange(query.range, spec.defaultPageSize ?? 25, spec.maxPageSize ?? 1000);
  return { filter, sort, range, offset: range.start, limit: range.end - range.start + 1 };
}

function single(name: string, raw: unknown): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw invalid(`The ${name} parameter must be given once.`);
  return raw;
}

function json(name: string, raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw invalid(`The ${name} parameter is not valid JSON.`);
  }
}

function parseFilter<F extends Record<string, FilterKind>>(
  raw: unknown,
  kinds: F,
): SimpleRestQuery<F, never>['filter'] {
  const text = single('filter', raw);
  if (text === undefined) return {};
  const parsed = json('filter', text);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw invalid('The filter parameter must be a JSON object.');
  }
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(parsed)) {
    const kind: FilterKind | undefined = field === 'id' ? 'ids' : kinds[field];
    if (!kind) {
      const allowed = ['id', ...Object.keys(kinds)].join(', ');
      throw invalid(`Cannot filter by '${field}'. Filters allowed: ${allowed}.`);
    }
    if (value === null || value === undefined || value === '') continue;
    out[field] = filterValue(field, kind, value);
  }
  return out as SimpleRestQuery<F, never>['filter'];
}

function filterValue(field: string, kind: FilterKind, value: unknown): string | boolean | number | string[] {
  switch (kind) {
    case 'text':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      throw invalid(`The filter '${field}' must be text.`);
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      throw invalid(`The filter '${field}' must be true or false.`);
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n === 'number' && Number.isFinite(n)) return n;
      throw invalid(`The filter '${field}' must be a number.`);
    }
    case 'ids': {
      const list = Array.isArray(value) ? value : [value];
      if (list.length > 1000) throw invalid(`The filter '${field}' may list at most 1000 ids.`);
      return list.map((v) => {
        if (typeof v === 'string' && v !== '') return v;
        if (typeof v === 'number' && Number.isFinite(v)) return String(v);
        throw invalid(`The filter '${field}' must be an id or a list of ids.`);
      });
    }
    default: {
      const never: never = kind;
      throw new Error(`unknown filter kind ${String(never)}`);
    }
  }
}

function parseSort<S extends string>(
  raw: unknown,
  sortable: readonly S[],
  fallback: readonly [S, SortOrder],
) {
  const text = single('sort', raw);
  if (text === undefined) return { field: fallback[0], order: fallback[1] };
  const parsed = json('sort', text);
  if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== 'string') {
    throw invalid('The sort parameter must be ["field","ASC"] or ["field","DESC"].');
  }
  const [field, order] = parsed as [string, unknown];
  if (!(sortable as readonly string[]).includes(field)) {
    throw invalid(`Cannot sort by '${field}'. Sortable fields: ${sortable.join(', ')}.`);
  }
  const upper = typeof order === 'string' ? order.toUpperCase() : '';
  if (upper !== 'ASC' && upper !== 'DESC') throw invalid('The sort order must be ASC or DESC.');
  return { field: field as S, order: upper as SortOrder };
}

function parseRange(raw: unknown, pageSize: number, max: number) {
  const text = single('range', raw);
  if (text === undefined) return { start: 0, end: pageSize - 1 };
  const parsed = json('range', text);
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    !parsed.every((n) => Number.isSafeInteger(n) && (n as number) >= 0) ||
    (parsed[0] as number) > (parsed[1] as number)
  ) {
    throw invalid('The range parameter must be [start, end] with 0 <= start <= end.');
  }
  const [start, end] = parsed as [number, number];
  if (end - start + 1 > max) throw invalid(`The range may cover at most ${max} rows.`);
  return { start, end };
}

export interface ListQueryOptions<S extends string> {
  sortable: readonly S[];
  /** Filterable field names; `id` (getMany) is always allowed. */
  filterable: readonly string[];
  defaultSort: readonly [S, SortOrder];
  defaultPageSize?: number;
  maxPageSize?: number;
}

export interface ListQuery<S extends string> {
  /** Scalar values (or lists of scalars) as sent; `id` is always a list of strings. */
  filter: Record<string, string | number | boolean | (string | number | boolean)[]> & { id?: string[] };
  sort: { field: S; order: SortOrder };
  range: { start: number; end: number };
  offset: number;
  limit: number;
}

/**
 * The lighter form of parseSimpleRestQuery for resources that read their filter values themselves: the field names
 * are checked against the allowlist and the values must be scalars (or lists of scalars), never objects.
 */
export function parseListQuery<S extends string>(
  query: Record<string, unknown>,
  options: ListQueryOptions<S>,
): ListQuery<S> {
  const kinds: Record<string, FilterKind> = {};
  for (const name of options.filterable) if (name !== 'id') kinds[name] = 'text';
  const text = single('filter', query.filter);
  const filter: ListQuery<S>['filter'] = {};
  if (text !== undefined) {
    const parsed = json('filter', text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw invalid('The filter parameter must be a JSON object.');
    }
    for (const [field, value] of Object.entries(parsed)) {
      if (field !== 'id' && !kinds[field]) {
        throw invalid(
          `Cannot filter by '${field}'. Filters allowed: ${['id', ...Object.keys(kinds)].join(', ')}.`,
        );
      }
      if (value === null || value === undefined || value === '') continue;
      if (field === 'id') {
        filter.id = filterValue('id', 'ids', value) as string[];
        continue;
      }
      const scalar = (v: unknown) => ['string', 'number', 'boolean'].includes(typeof v);
      if (!(scalar(value) || (Array.isArray(value) && value.every(scalar)))) {
        throw invalid(`The filter '${field}' must be a value or a list of values.`);
      }
      filter[field] = value as string;
    }
  }
  const sort = parseSort(query.sort, options.sortable, options.defaultSort);
  const range = parseRange(query.range, options.defaultPageSize ?? 25, options.maxPageSize ?? 1000);
  return { filter, sort, range, offset: range.start, limit: range.end - range.start + 1 };
}

/**
 * The header ra-data-simple-rest reads the total from: `things 0-24/319`, or `things *\/0` for an empty page.
 * X-Total-Count carries the same total for clients configured to read it.
 */
export function contentRange(resource: string, start: number, count: number, total: number): string {
  return count > 0 ? `${resource} ${start}-${start + count - 1}/${total}` : `${resource} */${total}`;
}

/** Sets Content-Range and X-Total-Count for a page of rows and answers the rows (use with @Res({passthrough})). */
export function sendPage<T>(res: Response, resource: string, start: number, rows: T[], total: number): T[] {
  res.setHeader('Content-Range', contentRange(resource, start, rows.length, total));
  res.setHeader('X-Total-Count', String(total));
  return rows;
}

/** Content-Range and X-Total-Count for a page that started at `query.offset` and holds `count` rows. */
export function setContentRange(
  res: Response,
  resource: string,
  query: { offset: number },
  count: number,
  total: number,
) {
  res.setHeader('Content-Range', contentRange(resource, query.offset, count, total));
  res.setHeader('X-Total-Count', String(total));
}
