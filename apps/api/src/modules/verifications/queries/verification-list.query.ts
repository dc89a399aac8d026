import { DomainError, RESULTS, type VerificationResult } from '@credence/domain';
import type { VerificationListRow } from '@credence/read-models';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { rowTypes } from '../../../infrastructure/projections/projection-sql';
import { VERIFICATION_COUNTS_TABLE, VERIFICATION_LIST_TABLE } from '../projections/verification-tables';

const T = `"${VERIFICATION_LIST_TABLE}"`;
const C = `"${VERIFICATION_COUNTS_TABLE}"`;

/** Offsets beyond this are refused (keyset cursors go on for ever): a deep OFFSET reads every row it skips. */
export const MAX_OFFSET = 100_000;
/** Totals of arbitrary filters are counted up to this many rows; beyond, totalSize says 'at least'. */
export const COUNT_CAP = 10_000;
export const MAX_PAGE_SIZE = 100;

export type ListScope =
  | { kind: 'company'; companyId: string; requestedBy?: string }
  | { kind: 'resolver'; instituteIds: readonly string[] | 'all'; list: 'pending' | 'resolved' }
  | { kind: 'all' };

export interface ListCriteria {
  scope: ListScope;
  query?: string;
  requestedBy?: string;
  customerReference?: string;
  /** null: every result except DELETED (unless includeDeleted). */
  results?: readonly VerificationResult[] | null;
  includeDeleted?: boolean;
  types?: readonly string[];
  /** Inclusive lower bound and exclusive upper bound, as instants. */
  from?: string;
  to?: string;
  instituteId?: string;
  companyId?: string;
  firstname?: string;
  surname?: string;
  dob?: string;
  /** getMany: only these records (applied in SQL, before paging). */
  ids?: readonly string[];
}

export interface Paging {
  page: number;
  size: number;
  /** A keyset cursor from a previous page's nextCursor: replaces page. */
  after?: string;
}

export interface ListPage {
  rows: VerificationListRow[];
  totalSize: number;
  /** True when totalSize is the count cap, not the exact total. */
  totalCapped: boolean;
  nextCursor: string | null;
}

const ALL_BUT_DELETED = RESULTS.filter((r) => r !== 'DELETED');
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const encodeCursor = (sortValue: string, id: string) => Buffer.from(JSON.stringify([sortValue, id])).toString('base64url');
function decodeCursor(cursor: string): [string, string] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string' && !Number.isNaN(Date.parse(v[0]))) {
      return [v[0], v[1]];
    }
  } catch {
    // fall through
  }
  throw new DomainError('invalid', 'The after cursor is not valid.');
}

/** Where clause and parameters for a set of criteria; the sort column depends on the list. */
function build(c: ListCriteria) {
  const where: string[] = [];
  const values: unknown[] = [];
  const p = (v: unknown) => `$${values.push(v)}`;
  const resultColumn = c.scope.kind === 'resolver' && c.scope.list === 'resolved' ? '"resolvedResult"' : '"result"';
  switch (c.scope.kind) {
    case 'company':
      where.push(`"companyId" = ${p(c.scope.companyId)}`);
      if (c.scope.requestedBy) where.push(`"requestedBy" = ${p(c.scope.requestedBy)}`);
      break;
    case 'resolver': {
      const ids = c.scope.instituteIds;
      if (ids !== 'all') {
        const list = p(ids);
        where.push(`("instituteId" = ANY(${list}) OR "instituteParentId" = ANY(${list}))`);
      }
      where.push(c.scope.list === 'pending' ? `"awaitingResolver"` : `"resolvedAt" IS NOT NULL`);
      break;
    }
    case 'all':
      break;
    default: {
      const never: never = c.scope;
      throw new Error(`unknown scope ${JSON.stringify(never)}`);
    }
  }
  if (c.results?.length) where.push(`${resultColumn} = ANY(${p(c.results)})`);
  if (!c.includeDeleted && c.scope.kind !== 'resolver') where.push(`"result" <> 'DELETED'`);
  if (c.requestedBy) where.push(`"requestedBy" = ${p(c.requestedBy.trim().toLowerCase())}`);
  if (c.companyId) where.push(`"companyId" = ${p(c.companyId)}`);
  if (c.instituteId) where.push(`"instituteId" = ${p(c.instituteId)}`);
  if (c.types?.length) where.push(`"type" = ANY(${p(c.types)})`);
  if (c.from) where.push(`"recorded" >= ${p(c.from)}::timestamptz`);
  if (c.to) where.push(`"recorded" < ${p(c.to)}::timestamptz`);
  if (c.firstname) where.push(`lower("firstname") = ${p(c.firstname.trim().toLowerCase())}`);
  if (c.surname) where.push(`lower("surname") = ${p(c.surname.trim().toLowerCase())}`);
  if (c.dob) where.push(`"dob" = ${p(c.dob)}`);
  if (c.ids) where.push(`"id" = ANY(${p(c.ids)})`);
  if (c.customerReference?.trim()) where.push(`"customerReference" ILIKE ${p(`%${likeEscape(c.customerReference.trim())}%`)}`);
  if (c.query?.trim()) {
    const q = c.query.trim();
    where.push(`("search" LIKE ${p(`%${likeEscape(q.toLowerCase())}%`)} OR "id" = ${p(q.toUpperCase())})`);
  }
  return { where, values, p };
}

/** A whole company's list, at most narrowed by result: its totals are in the counts read model. */
function isPlainCompany(c: ListCriteria): boolean {
  return (
    c.scope.kind === 'company' &&
    !c.scope.requestedBy &&
    !c.requestedBy &&
    !c.companyId &&
    !c.query?.trim() &&
    !c.customerReference?.trim() &&
    !c.types?.length &&
    !c.from &&
    !c.to &&
    !c.instituteId &&
    !c.firstname &&
    !c.surname &&
    !c.dob &&
    !c.ids
  );
}

export type AdminSort = 'id' | 'recorded' | 'updated' | 'result' | 'companyName' | 'instituteName';

/** The verification lists, from the list read model only. */
@Injectable()
export class VerificationListQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async list(criteria: ListCriteria, paging: Paging): Promise<ListPage> {
    const size = Math.min(Math.max(1, Math.floor(paging.size || 20)), MAX_PAGE_SIZE);
    const page = Math.max(0, Math.floor(paging.page || 0));
    const sort = criteria.scope.kind === 'resolver' && criteria.scope.list === 'resolved' ? '"resolvedAt"' : '"recorded"';
    const { where, values, p } = build(criteria);
    const filterWhere = [...where];
    const filterValues = [...values];
    let offset = page * size;
    if (paging.after) {
      const [value, id] = decodeCursor(paging.after);
      where.push(`(${sort}, "id") < (${p(value)}::timestamptz, ${p(id)})`);
      offset = 0;
    } else if (offset > MAX_OFFSET) {
      throw new DomainError('invalid', `Pages beyond the first ${MAX_OFFSET} results cannot be listed: please narrow the search (dates, result or name) or page on with the after cursor.`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = `ORDER BY ${sort} DESC, "id" DESC`;
    // Deferred join: the skipped rows are read from the index only; whole rows are fetched for the page alone.
    const sql =
      offset > 0
        ? `SELECT v.* FROM ${T} v JOIN (SELECT "id" FROM ${T} ${clause} ${order} LIMIT ${size} OFFSET ${offset}) page USING ("id") ORDER BY v.${sort} DESC, v."id" DESC`
        : `SELECT * FROM ${T} ${clause} ${order} LIMIT ${size}`;
    const [rows, total] = await Promise.all([
      this.pool.query<VerificationListRow>({ text: sql, values, types: rowTypes }),
      this.total(criteria, filterWhere, filterValues),
    ]);
    const last = rows.rows[rows.rows.length - 1];
    const lastSort = last ? (sort === '"resolvedAt"' ? last.resolvedAt : last.recorded) : null;
    return {
      rows: rows.rows,
      totalSize: total.count,
      totalCapped: total.capped,
      nextCursor: last && lastSort && rows.rows.length === size ? encodeCursor(new Date(lastSort).toISOString(), last.id) : null,
    };
  }

  /**
   * A company's total per result comes from the counts read model (no counting of a large company's rows per
   * request); other filters are counted, up to COUNT_CAP.
   */
  private async total(c: ListCriteria, where: string[], values: unknown[]): Promise<{ count: number; capped: boolean }> {
    if (isPlainCompany(c) && c.scope.kind === 'company') {
      const asked = c.results?.length ? c.results : c.includeDeleted ? RESULTS : ALL_BUT_DELETED;
      // As the list's own condition: DELETED rows count only when they may be shown.
      const results = c.includeDeleted ? asked : asked.filter((r) => r !== 'DELETED');
      const { rows } = await this.pool.query<{ n: number }>(
        `SELECT COALESCE(sum("count"), 0)::int AS n FROM ${C} WHERE "companyId" = $1 AND "result" = ANY($2)`,
        [c.scope.companyId, results],
      );
      return { count: rows[0].n, capped: false };
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const { rows } = await this.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${T} ${clause} LIMIT ${COUNT_CAP + 1}) x`,
      values,
    );
    const n = rows[0].n;
    return n > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: n, capped: false };
  }

  /** Counts per result for a set of criteria (the summary and the meta counters). */
  async countByResult(criteria: ListCriteria): Promise<Record<string, number>> {
    const { where, values } = build({ ...criteria, results: null });
    const plain = isPlainCompany(criteria);
    const sql = plain
      ? `SELECT "result", "count"::int AS n FROM ${C} WHERE "companyId" = $1`
      : `SELECT "result", count(*)::int AS n FROM ${T} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} GROUP BY "result"`;
    const { rows } = await this.pool.query<{ result: string; n: number }>(sql, plain && criteria.scope.kind === 'company' ? [criteria.scope.companyId] : values);
    return Object.fromEntries(rows.map((r) => [r.result, r.n]));
  }

  /** How many requests wait for these resolvers (the institute dashboard's outstanding pendings). */
  async awaitingCount(instituteIds: readonly string[] | 'all'): Promise<number> {
    if (instituteIds !== 'all' && !instituteIds.length) return 0;
    const { rows } = await this.pool.query<{ n: number }>(
      instituteIds === 'all'
        ? `SELECT count(*)::int AS n FROM ${T} WHERE "awaitingResolver"`
        : `SELECT count(*)::int AS n FROM ${T} WHERE "awaitingResolver" AND ("instituteId" = ANY($1) OR "instituteParentId" = ANY($1))`,
      instituteIds === 'all' ? [] : [instituteIds],
    );
    return rows[0].n;
  }

  /** Staff console: any verification, filtered and sorted by an allowlist. */
  async adminList(criteria: ListCriteria, sort: { field: AdminSort; order: 'ASC' | 'DESC' }, offset: number, limit: number) {
    const { where, values } = build(criteria);
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const column = `"${sort.field}"`;
    const [rows, total] = await Promise.all([
      this.pool.query<VerificationListRow>({
        text: `SELECT * FROM ${T} ${clause} ORDER BY ${column} ${sort.order}, "id" ${sort.order} LIMIT ${limit} OFFSET ${offset}`,
        values,
        types: rowTypes,
      }),
      this.total(criteria, where, values),
    ]);
    return { rows: rows.rows, total: total.count };
  }
}
