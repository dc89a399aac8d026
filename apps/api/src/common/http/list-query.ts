import { DomainError, normaliseDate } from '@credence/domain';
import { IsOptional, IsString, ValidateBy } from 'class-validator';

/**
 * The one paging parser of the API's list routes. Two wire forms reach it, each through its query DTO:
 *
 *   the staff console's ra-data-simple-rest:  ?filter={"q":"x"}&sort=["name","ASC"]&range=[0,24]   (ListQueryDto)
 *   the /v1 lists of the spec:                ?page=0&size=20                                       (PageQueryDto)
 *
 * Both end as an offset and a limit (parseListQuery, parsePage). Bad input is refused with DomainError('invalid')
 * in the spec's error body, so a typo in a client shows up instead of silently listing everything.
 */

const once = { message: 'The $property parameter must be given once.' };

/** ra-data-simple-rest's list, getMany and getManyReference query. Every other parameter is stripped. */
export class ListQueryDto {
  @IsOptional() @IsString(once) filter?: string;
  @IsOptional() @IsString(once) sort?: string;
  @IsOptional() @IsString(once) range?: string;
}

/** The /v1 lists' page and size (and the keyset cursor where a list offers one). */
export class PageQueryDto {
  @IsOptional() @IsString(once) page?: string;
  @IsOptional() @IsString(once) size?: string;
}

/** How a filter value is read: text, boolean, number, ids (one or a list, as getMany sends), or raw scalars. */
export type FilterKind = 'text' | 'boolean' | 'number' | 'ids' | 'raw';
export type SortOrder = 'ASC' | 'DESC';

/** The filter values a set of kinds produces (what parseListQuery guarantees for typed filters). */
export type FilterOf<F extends Readonly<Record<string, FilterKind>>> = {
  [K in keyof F]?: F[K] extends 'text' ? string : F[K] extends 'boolean' ? boolean : F[K] extends 'number' ? number : F[K] extends 'ids' ? string[] : RawFilter;
} & { id?: string[] };

/** The typed view of a query parsed with these filter kinds. */
export function typedQuery<F extends Readonly<Record<string, FilterKind>>, S extends string>(
  q: ListQuery<S>,
  _kinds: F,
): Omit<ListQuery<S>, 'filter'> & { filter: FilterOf<F> } {
  return q as Omit<ListQuery<S>, 'filter'> & { filter: FilterOf<F> };
}

/** A raw filter value: a scalar, or a list of scalars. */
export type RawFilter = string | number | boolean | (string | number | boolean)[];

export interface ListQueryOptions<S extends string> {
  /** Sortable fields besides `id`, which every resource sorts by (react-admin's default sort is ["id","ASC"]). */
  sortable: readonly S[];
  /** Filterable fields: names (raw values) or names with kinds. `id` (getMany) is always allowed. */
  filterable: readonly string[] | Readonly<Record<string, FilterKind>>;
  defaultSort: readonly [S, SortOrder];
  /** Rows per request when no range is given, and the most a range may ask for (default 25 and 1000). */
  defaultPageSize?: number;
  maxPageSize?: number;
}

export interface ListQuery<S extends string> {
  /** Values as their kinds read them; `id` is always a list of strings. */
  filter: Record<string, RawFilter> & { id?: string[] };
  sort: { field: S | 'id'; order: SortOrder };
  /** Inclusive, as react-admin sends it. */
  range: { start: number; end: number };
  offset: number;
  limit: number;
}

const invalid = (message: string) => new DomainError('invalid', message);

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

/**
 * Reads and validates filter, sort and range. getMany (`filter={"id":[...]}` without a range) wants every record it
 * names, not the first page of them, so its window widens to the number of ids asked for.
 */
export function parseListQuery<S extends string>(
  query: ListQueryDto | Record<string, unknown>,
  options: ListQueryOptions<S>,
): ListQuery<S> {
  const raw = query as Record<string, unknown>;
  const kinds: Record<string, FilterKind> = Array.isArray(options.filterable)
    ? Object.fromEntries((options.filterable as readonly string[]).map((n) => [n, 'raw' as const]))
    : { ...(options.filterable as Record<string, FilterKind>) };
  delete kinds.id;
  const filter = parseFilter(raw.filter, kinds);
  const sort = parseSort(raw.sort, options.sortable, options.defaultSort);
  const range = parseRange(raw.range, options.defaultPageSize ?? 25, options.maxPageSize ?? 1000);
  if (single('range', raw.range) === undefined && filter.id) {
    range.end = range.start + Math.max(range.end - range.start + 1, filter.id.length) - 1;
  }
  return { filter, sort, range, offset: range.start, limit: range.end - range.start + 1 };
}

function parseFilter(raw: unknown, kinds: Record<string, FilterKind>): ListQuery<string>['filter'] {
  const text = single('filter', raw);
  if (text === undefined) return {};
  const parsed = json('filter', text);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw invalid('The filter parameter must be a JSON object.');
  }
  const out: ListQuery<string>['filter'] = {};
  for (const [field, value] of Object.entries(parsed)) {
    const kind: FilterKind | undefined = field === 'id' ? 'ids' : kinds[field];
    if (!kind) {
      throw invalid(`Cannot filter by '${field}'. Filters allowed: ${['id', ...Object.keys(kinds)].join(', ')}.`);
    }
    if (value === null || value === undefined || value === '') continue;
    out[field] = filterValue(field, kind, value);
  }
  return out;
}

const scalar = (v: unknown): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v);

function filterValue(field: string, kind: FilterKind, value: unknown): RawFilter {
  switch (kind) {
    case 'raw':
      if (scalar(value) || (Array.isArray(value) && value.every(scalar))) return value as RawFilter;
      throw invalid(`The filter '${field}' must be a value or a list of values.`);
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

function parseSort<S extends string>(raw: unknown, sortable: readonly S[], fallback: readonly [S, SortOrder]) {
  const text = single('sort', raw);
  if (text === undefined) return { field: fallback[0] as S | 'id', order: fallback[1] };
  const parsed = json('sort', text);
  if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== 'string') {
    throw invalid('The sort parameter must be ["field","ASC"] or ["field","DESC"].');
  }
  const [field, order] = parsed as [string, unknown];
  if (field !== 'id' && !(sortable as readonly string[]).includes(field)) {
    throw invalid(`Cannot sort by '${field}'. Sortable fields: ${sortable.join(', ')}.`);
  }
  const upper = typeof order === 'string' ? order.toUpperCase() : '';
  if (upper !== 'ASC' && upper !== 'DESC') throw invalid('The sort order must be ASC or DESC.');
  return { field: field as S | 'id', order: upper as SortOrder };
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

/** Reads `page` and `size` of a /v1 list within its bounds. */
export function parsePage(
  query: PageQueryDto | Record<string, unknown>,
  options: { size: number; maxSize: number; maxPage: number },
): { page: number; size: number; offset: number } {
  const raw = query as Record<string, unknown>;
  const page = whole(raw, 'page', 0, 0, options.maxPage);
  const size = whole(raw, 'size', options.size, 1, options.maxSize);
  return { page, size, offset: page * size };
}

function whole(q: Record<string, unknown>, key: string, fallback: number, min: number, max: number): number {
  const text = first(q[key]);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw invalid(`The ${key} parameter must be a whole number from ${min} to ${max}.`);
  }
  return n;
}

/** One query value: the first when repeated, undefined when empty. */
export function first(v: unknown): string | undefined {
  if (v === undefined || v === '') return undefined;
  if (Array.isArray(v)) return typeof v[0] === 'string' ? v[0] : undefined;
  return typeof v === 'string' ? v : undefined;
}

/** Every value of a repeated query parameter. */
export function all(v: unknown): string[] {
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string' && x !== '');
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

/** A query parameter given once or repeated (?results=A&results=B): strings only, never objects. */
export function QueryValues(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    ValidateBy({
      name: 'queryValues',
      validator: {
        validate: (v: unknown) => typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string')),
        defaultMessage: () => `The ${String(key)} parameter must be text.`,
      },
    })(target, key);
  };
}
