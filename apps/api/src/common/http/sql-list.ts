import { DomainError } from '@credence/domain';
import type { Response } from 'express';
import type { Pool } from 'pg';
import { parseListQuery, setContentRange, type ListQuery, type SortOrder } from './simple-rest';

/** A raw filter value as parseListQuery hands it over: a scalar, or a list of scalars. */
export type RawFilter = string | number | boolean | (string | number | boolean)[];

/** Adds a value to the query's parameters and answers its placeholder ($1, $2, ...). */
export type Bind = (value: unknown) => string;

/**
 * One admin resource read from SQL: which expressions the rows are made of, which filters turn into which WHERE
 * conditions, and which fields sort by which expression. The list, getMany and getManyReference of
 * ra-data-simple-rest all come through `list`.
 */
export interface SqlResource<S extends string> {
  /** Name used in Content-Range. */
  resource: string;
  /** `FROM ...` with any joins. */
  from: string;
  /** The select list; must produce an `id` column. */
  select: string;
  /** The expression of the id, for getMany (`filter={"id":[...]}`) and getOne. */
  id: string;
  sortable: Record<S, string>;
  defaultSort: readonly [S, SortOrder];
  /** Filter name -> the WHERE condition it adds. Unknown filter names are refused with 400. */
  filters: Record<string, (value: RawFilter, bind: Bind) => string>;
}

export async function listRows<S extends string>(
  pool: Pool,
  spec: SqlResource<S>,
  rawQuery: Record<string, unknown>,
  res: Response,
): Promise<Record<string, unknown>[]> {
  const query = parseListQuery(rawQuery, {
    sortable: Object.keys(spec.sortable) as S[],
    filterable: Object.keys(spec.filters),
    defaultSort: spec.defaultSort,
  });
  getManyWindow(query, rawQuery);
  const { where, values } = whereClause(spec, query);
  const total = Number(
    (await pool.query<{ count: string }>(`SELECT count(*) FROM ${spec.from} ${where}`, values)).rows[0].count,
  );
  const order = `${spec.sortable[query.sort.field]} ${query.sort.order} NULLS LAST, ${spec.id} ${query.sort.order}`;
  const { rows } = await pool.query(
    `SELECT ${spec.select} FROM ${spec.from} ${where} ORDER BY ${order} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, query.limit, query.offset],
  );
  setContentRange(res, spec.resource, query, rows.length, total);
  return rows;
}

export async function oneRow<S extends string>(
  pool: Pool,
  spec: SqlResource<S>,
  id: string,
  what: string,
): Promise<Record<string, unknown>> {
  const { rows } = await pool.query(`SELECT ${spec.select} FROM ${spec.from} WHERE ${spec.id}::text = $1`, [id]);
  if (!rows[0]) throw new DomainError('not-found', `${what} not found.`);
  return rows[0];
}

function whereClause<S extends string>(spec: SqlResource<S>, query: ListQuery<S>) {
  const values: unknown[] = [];
  const bind: Bind = (value) => `$${values.push(value)}`;
  const conditions: string[] = [];
  for (const [name, value] of Object.entries(query.filter)) {
    if (value === undefined) continue;
    if (name === 'id') {
      conditions.push(`${spec.id}::text = ANY(${bind((value as string[]).map(String))})`);
      continue;
    }
    conditions.push(spec.filters[name](value, bind));
  }
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', values };
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
    Object.entries(columns).map(([name, column]) => [
      name,
      (value: RawFilter, bind: Bind) => `${column} = ${bind(filterAs.boolean(name, value))}`,
    ]),
  );
}

/**
 * getMany sends `filter={"id":[...]}` without a range: it wants every record it names, not the first page of
 * them, so the window widens to the number of ids asked for.
 */
export function getManyWindow(query: ListQuery<string>, rawQuery: Record<string, unknown>) {
  if (rawQuery.range !== undefined || !query.filter.id) return;
  query.limit = Math.max(query.limit, query.filter.id.length);
  query.range = { start: query.offset, end: query.offset + query.limit - 1 };
}
