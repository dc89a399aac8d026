import { DomainError, RESULTS } from '@credence/domain';
import type { VerificationListRow } from '@credence/read-models';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { rowTypes } from '../../../infrastructure/projections/projection-sql';
import {
  ALL_BUT_DELETED,
  build,
  C,
  COUNT_CAP,
  decodeCursor,
  encodeCursor,
  isPlainCompany,
  MAX_OFFSET,
  MAX_PAGE_SIZE,
  T,
  type AdminSort,
  type ListCriteria,
  type ListPage,
  type Paging,
} from './verification-list.criteria';

export { COUNT_CAP, encodeCursor, MAX_OFFSET, MAX_PAGE_SIZE } from './verification-list.criteria';
export type { AdminSort, ListCriteria, ListPage, ListScope, Paging } from './verification-list.criteria';

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
