import { DomainError } from '@credence/domain';
import type { Response } from 'express';
import type { Pool } from 'pg';
import {
  parseListQuery,
  type FilterKind,
  type ListQuery,
  type ListQueryDto,
  type RawFilter,
  type SortOrder,
} from './list-query';

export { parseListQuery, type FilterKind, type ListQuery, type ListQueryOptions, type RawFilter, type SortOrder } from './list-query';

/**
 * The one helper behind every staff console resource (react-admin's ra-data-simple-rest):
 *
 *   GET /admin/things?filter={"q":"x"}&sort=["name","ASC"]&range=[0,24]   -> rows, Content-Range: things 0-24/319
 *   GET /admin/things?filter={"id":[1,2,3]}                                -> getMany (every id asked for)
 *   GET /admin/things?filter={"countryId":"GB"}&sort=...&range=...         -> getManyReference
 *
 * A resource says what may be filtered and sorted, and where its rows come from (SQL, rows in memory, or a read
 * model's query); this helper parses the query once (parseListQuery), asks the source for one page with the id
 * filter and the id sort applied there (never after paging), and sets Content-Range.
 */
export interface ResourceSpec<S extends string> {
  /** Name used in Content-Range, e.g. 'institutes'. */
  resource: string;
  sortable: readonly S[];
  filterable: readonly string[] | Readonly<Record<string, FilterKind>>;
  defaultSort: readonly [S, SortOrder];
  defaultPageSize?: number;
  maxPageSize?: number;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

export async function listResource<S extends string, T>(
  res: Response,
  spec: ResourceSpec<S>,
  query: ListQueryDto | Record<string, unknown>,
  page: (query: ListQuery<S>) => Promise<Page<T>> | Page<T>,
): Promise<T[]> {
  const q = parseListQuery(query, spec);
  const { rows, total } = await page(q);
  setContentRange(res, spec.resource, q, rows.length, total);
  return rows;
}

/**
 * The header ra-data-simple-rest reads the total from: `things 0-24/319`, or `things *\/0` for an empty page.
 * X-Total-Count carries the same total for clients configured to read it.
 */
export function contentRange(resource: string, start: number, count: number, total: number): string {
  return count > 0 ? `${resource} ${start}-${start + count - 1}/${total}` : `${resource} */${total}`;
}

/** Content-Range and X-Total-Count for a page that started at `query.offset` and holds `count` rows. */
export function setContentRange(res: Response, resource: string, query: { offset: number }, count: number, total: number) {
  res.setHeader('Content-Range', contentRange(resource, query.offset, count, total));
  res.setHeader('X-Total-Count', String(total));
}

/** Adds a value to the query's parameters and answers its placeholder ($1, $2, ...). */
export type Bind = (value: unknown) => string;

/** One admin resource read from SQL: its row expressions, its filters as WHERE conditions, its sort expressions. */
export interface SqlResource<S extends string> {
  resource: string;
  /** `FROM ...` with any joins. */
  from: string;
  /** The select list; must produce an `id` column. */
  select: string;
  /** The expression of the id, for getMany, the id sort and getOne. */
  id: string;
  sortable: Record<S, string>;
  defaultSort: readonly [S, SortOrder];
  /** Filter name -> the WHERE condition it adds. Unknown filter names are refused with 400. */
  filters: Record<string, (value: RawFilter, bind: Bind) => string>;
}

/** What the list route parses and pages by for a SQL resource: its sortable fields and filter names. */
export function sqlResourceSpec<S extends string>(spec: SqlResource<S>): ResourceSpec<S> {
  return {
    resource: spec.resource,
    sortable: Object.keys(spec.sortable) as S[],
    filterable: Object.keys(spec.filters),
    defaultSort: spec.defaultSort,
  };
}

/** One page of a SQL resource, the id filter (getMany) and the id sort applied in the query, before paging. */
export async function sqlPage<S extends string>(pool: Pool, spec: SqlResource<S>, q: ListQuery<S>): Promise<Page<Record<string, unknown>>> {
  const values: unknown[] = [];
  const bind: Bind = (value) => `$${values.push(value)}`;
  const conditions: string[] = [];
  for (const [name, value] of Object.entries(q.filter)) {
    conditions.push(name === 'id' ? `${spec.id}::text = ANY(${bind((value as string[]).map(String))})` : spec.filters[name](value, bind));
  }
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const total = Number((await pool.query<{ count: string }>(`SELECT count(*) FROM ${spec.from} ${where}`, values)).rows[0].count);
  const column = q.sort.field === 'id' ? spec.id : spec.sortable[q.sort.field];
  const order = `${column} ${q.sort.order} NULLS LAST, ${spec.id} ${q.sort.order}`;
  const { rows } = await pool.query<Record<string, unknown>>(
    `SELECT ${spec.select} FROM ${spec.from} ${where} ORDER BY ${order} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, q.limit, q.offset],
  );
  return { rows, total };
}

export function listRows<S extends string>(
  pool: Pool,
  spec: SqlResource<S>,
  query: ListQueryDto | Record<string, unknown>,
  res: Response,
): Promise<Record<string, unknown>[]> {
  return listResource(res, sqlResourceSpec(spec), query, (q) => sqlPage(pool, spec, q));
}

export async function oneRow<S extends string>(pool: Pool, spec: SqlResource<S>, id: string, what: string): Promise<Record<string, unknown>> {
  const { rows } = await pool.query(`SELECT ${spec.select} FROM ${spec.from} WHERE ${spec.id}::text = $1`, [id]);
  if (!rows[0]) throw new DomainError('not-found', `${what} not found.`);
  return rows[0];
}

/** A resource over rows held in memory (projection status, failed jobs, one event stream): small sets, not tables. */
export interface MemoryResource<T extends { id: string | number }, S extends string> {
  resource: string;
  sortable: Record<S, (row: T) => string | number | null>;
  defaultSort: readonly [S, SortOrder];
  filters: Record<string, (row: T, value: RawFilter) => boolean>;
}

/** What the list route parses and pages by for a resource held in memory. */
export function memoryResourceSpec<T extends { id: string | number }, S extends string>(spec: MemoryResource<T, S>): ResourceSpec<S> {
  return {
    resource: spec.resource,
    sortable: Object.keys(spec.sortable) as S[],
    filterable: Object.keys(spec.filters),
    defaultSort: spec.defaultSort,
  };
}

/** One page of rows held in memory: filtered (getMany's ids too), sorted, then sliced. */
export function memoryPage<T extends { id: string | number }, S extends string>(rows: T[], spec: MemoryResource<T, S>, q: ListQuery<S>): Page<T> {
  let selected = rows;
  for (const [name, value] of Object.entries(q.filter)) {
    if (name === 'id') {
      const ids = new Set((value as string[]).map(String));
      selected = selected.filter((r) => ids.has(String(r.id)));
    } else {
      selected = selected.filter((r) => spec.filters[name](r, value));
    }
  }
  const key = q.sort.field === 'id' ? (r: T) => r.id : spec.sortable[q.sort.field];
  const sign = q.sort.order === 'ASC' ? 1 : -1;
  const sorted = [...selected].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return (x < y ? -1 : 1) * sign;
  });
  return { rows: sorted.slice(q.offset, q.offset + q.limit), total: sorted.length };
}

export function listInMemory<T extends { id: string | number }, S extends string>(
  rows: T[],
  spec: MemoryResource<T, S>,
  query: ListQueryDto | Record<string, unknown>,
  res: Response,
): Promise<T[]> {
  return listResource(res, memoryResourceSpec(spec), query, (q) => memoryPage(rows, spec, q));
}

/** Filter readers, each refusing a value of the wrong kind with 400. */
export const filterAs = {
  boolean(name: string, value: RawFilter): boolean {
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    throw new DomainError('invalid', `The filter '${name}' must be true or false.`);
  },
  text(name: string, value: RawFilter): string {
    if (Array.isArray(value)) throw new DomainError('invalid', `The filter '${name}' must be one value.`);
    return String(value);
  },
  list(value: RawFilter): string[] {
    return (Array.isArray(value) ? value : [value]).map(String);
  },
};

/** `%text%` for ILIKE, with the wildcards of the text itself escaped. */
export const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Conditions for boolean columns: `{ hasApplicants: 'c.has_applicants' }` -> filters. */
export function booleanFilters(columns: Record<string, string>): SqlResource<string>['filters'] {
  return Object.fromEntries(
    Object.entries(columns).map(([name, column]) => [name, (value: RawFilter, bind: Bind) => `${column} = ${bind(filterAs.boolean(name, value))}`]),
  );
}
