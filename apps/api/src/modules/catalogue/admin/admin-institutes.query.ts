import { DomainError } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import type { InstituteDefinition } from '../catalogue.model';
import { fromRow, INSTITUTE_SELECT, type InstituteRow } from '../persistence/institute-rows';
import { likePattern } from '../queries/institute-search.query';

export const INSTITUTE_FILTERS = {
  q: 'text',
  countryId: 'ids',
  parentId: 'text',
  type: 'ids',
  readOnly: 'boolean',
  searchable: 'boolean',
} as const;
export const INSTITUTE_SORTS = [
  'id',
  'name',
  'countryId',
  'type',
  'price',
  'surcharge',
  'minYear',
  'updatedAt',
] as const;
const SORT_COLUMNS: Record<(typeof INSTITUTE_SORTS)[number], string> = {
  id: 'i.id',
  // Case-insensitive, as a person reads a list (the database's C collation put 'AQA' before 'Abeokuta').
  name: 'lower(i.name)',
  countryId: 'i.country_id',
  type: 'i.type',
  price: 'i.price',
  surcharge: 'i.surcharge',
  minYear: 'i.min_year',
  updatedAt: 'i.updated_at',
};

export interface InstituteListQuery {
  filter: {
    q?: string;
    countryId?: string[];
    parentId?: string;
    type?: string[];
    readOnly?: boolean;
    searchable?: boolean;
    id?: string[];
  };
  sort: { field: (typeof INSTITUTE_SORTS)[number]; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
}

/** The admin record: the stored institute, flat, as react-admin edits it. */
export type AdminInstitute = InstituteDefinition & {
  children: number;
  records: number;
  createdAt: string;
  updatedAt: string;
};

/** The staff console's reads of institutes (GET /admin/institutes, /{id}): the stored rows with their counts. */
@Injectable()
export class AdminInstitutesQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async list(q: InstituteListQuery): Promise<{ rows: AdminInstitute[]; total: number }> {
    const values: unknown[] = [];
    const param = (v: unknown) => `$${values.push(v)}`;
    const where: string[] = [];
    const f = q.filter;
    if (f.q) {
      const p = param(likePattern(f.q.trim()));
      where.push(
        `(i.id ILIKE ${p} OR EXISTS (SELECT 1 FROM catalogue_institute_name n WHERE n.institute_id = i.id AND n.name ILIKE ${p}))`,
      );
    }
    if (f.id) where.push(`i.id = ANY(${param(f.id)}::text[])`);
    if (f.countryId) where.push(`i.country_id = ANY(${param(f.countryId)}::text[])`);
    if (f.parentId) where.push(`i.parent_id = ${param(f.parentId)}`);
    if (f.type) where.push(`i.type = ANY(${param(f.type)}::text[])`);
    if (f.readOnly !== undefined) where.push(`i.read_only = ${param(f.readOnly)}`);
    if (f.searchable !== undefined) where.push(`i.searchable = ${param(f.searchable)}`);
    const { rows } = await this.pool.query<
      InstituteRow & { children: number; records: number; total: number }
    >(
      `SELECT ${INSTITUTE_SELECT}, ${COUNTS}, count(*) OVER ()::int AS total
       FROM catalogue_institute i
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY ${SORT_COLUMNS[q.sort.field]} ${q.sort.order} NULLS LAST, i.id
       LIMIT ${param(q.limit)} OFFSET ${param(q.offset)}`,
      values,
    );
    return {
      rows: rows.map(toAdmin),
      total: rows[0]?.total ?? (q.offset > 0 ? await this.count(where, values) : 0),
    };
  }

  async get(id: string, db: Pick<Pool | PoolClient, 'query'> = this.pool): Promise<AdminInstitute> {
    const { rows } = await db.query<InstituteRow & { children: number; records: number }>(
      `SELECT ${INSTITUTE_SELECT}, ${COUNTS} FROM catalogue_institute i WHERE i.id = $1`,
      [id],
    );
    if (!rows[0]) throw new DomainError('not-found', 'Institute not found.');
    return toAdmin(rows[0]);
  }

  private async count(where: string[], values: unknown[]): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM catalogue_institute i ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      values.slice(0, -2),
    );
    return rows[0].n;
  }
}

const COUNTS = `(SELECT count(*) FROM catalogue_institute k WHERE k.parent_id = i.id)::int AS children,
  (SELECT count(*) FROM catalogue_institute_record r WHERE r.institute_id = i.id)::int AS records`;

const toAdmin = (r: InstituteRow & { children: number; records: number }): AdminInstitute => ({
  ...fromRow(r),
  children: r.children,
  records: r.records,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});
