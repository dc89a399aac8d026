import { DomainError } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { likePattern } from '../queries/institute-search.query';

type Db = Pick<Pool | PoolClient, 'query'>;

export const COUNTRY_FILTERS = { q: 'text', regionId: 'ids', vat: 'boolean', disabled: 'boolean' } as const;
export const COUNTRY_SORTS = ['id', 'name', 'regionId', 'vat', 'disabled', 'institutes'] as const;
const COUNTRY_COLUMNS: Record<(typeof COUNTRY_SORTS)[number], string> = {
  id: 'c.id',
  name: 'c.name',
  regionId: 'c.region_id',
  vat: 'c.vat',
  disabled: 'c.disabled',
  institutes: 'institutes',
};
export const REGION_FILTERS = { q: 'text', parentId: 'ids' } as const;
export const REGION_SORTS = ['id', 'name', 'sort', 'countries'] as const;
const REGION_COLUMNS: Record<(typeof REGION_SORTS)[number], string> = {
  id: 'r.id',
  name: 'r.name',
  sort: 'r.sort',
  countries: 'countries',
};

interface ListArgs<S extends string> {
  filter: Record<string, unknown> & { id?: string[] };
  sort: { field: S; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
}

const COUNTRY_SELECT = `c.id, c.name, c.vat, c.disabled, c.ccn3, c.region_id AS "regionId", c.subregion, c.notices,
  (SELECT count(*) FROM catalogue_institute i WHERE i.country_id = c.id)::int AS institutes`;
const REGION_SELECT = `r.id, r.name, r.parent_id AS "parentId", r.sort,
  (SELECT count(*) FROM catalogue_country c WHERE c.region_id = r.id)::int AS countries,
  ARRAY(SELECT c.id FROM catalogue_country c WHERE c.region_id = r.id ORDER BY c.id) AS "countryIds"`;

/** The staff console's reads of countries and map regions (GET /admin/countries, /admin/regions and one of each). */
@Injectable()
export class AdminReferenceReads {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async listCountries(q: ListArgs<(typeof COUNTRY_SORTS)[number]>) {
    const values: unknown[] = [];
    const param = (v: unknown) => `$${values.push(v)}`;
    const where: string[] = [];
    const f = q.filter;
    if (typeof f.q === 'string')
      where.push(`(c.name ILIKE ${param(likePattern(f.q))} OR c.id ILIKE ${param(f.q)})`);
    if (f.id) where.push(`c.id = ANY(${param(f.id)}::text[])`);
    if (Array.isArray(f.regionId)) where.push(`c.region_id = ANY(${param(f.regionId)}::text[])`);
    if (typeof f.vat === 'boolean') where.push(`c.vat = ${param(f.vat)}`);
    if (typeof f.disabled === 'boolean') where.push(`c.disabled = ${param(f.disabled)}`);
    return this.page(
      `SELECT ${COUNTRY_SELECT}, count(*) OVER ()::int AS total FROM catalogue_country c`,
      where,
      `${COUNTRY_COLUMNS[q.sort.field]} ${q.sort.order} NULLS LAST, c.id`,
      values,
      q,
    );
  }

  async country(id: string, db: Db = this.pool) {
    const { rows } = await db.query(`SELECT ${COUNTRY_SELECT} FROM catalogue_country c WHERE c.id = $1`, [
      id,
    ]);
    if (!rows[0]) throw new DomainError('not-found', 'Country not found.');
    return rows[0] as Record<string, unknown>;
  }

  async listRegions(q: ListArgs<(typeof REGION_SORTS)[number]>) {
    const values: unknown[] = [];
    const param = (v: unknown) => `$${values.push(v)}`;
    const where: string[] = [];
    const f = q.filter;
    if (typeof f.q === 'string') where.push(`r.name ILIKE ${param(likePattern(f.q))}`);
    if (f.id) where.push(`r.id = ANY(${param(f.id)}::text[])`);
    if (Array.isArray(f.parentId)) where.push(`r.parent_id = ANY(${param(f.parentId)}::text[])`);
    return this.page(
      `SELECT ${REGION_SELECT}, count(*) OVER ()::int AS total FROM catalogue_map_region r`,
      where,
      `${REGION_COLUMNS[q.sort.field]} ${q.sort.order} NULLS LAST, r.id`,
      values,
      q,
    );
  }

  async region(id: string, db: Db = this.pool) {
    const { rows } = await db.query(`SELECT ${REGION_SELECT} FROM catalogue_map_region r WHERE r.id = $1`, [
      id,
    ]);
    if (!rows[0]) throw new DomainError('not-found', 'Region not found.');
    return rows[0] as Record<string, unknown> & { countryIds: string[] };
  }

  private async page(
    select: string,
    where: string[],
    order: string,
    values: unknown[],
    q: { offset: number; limit: number },
  ) {
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const n = values.length;
    const { rows } = await this.pool.query<Record<string, unknown> & { total: number }>(
      `${select} ${clause} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...values, q.limit, q.offset],
    );
    let total = rows[0]?.total ?? 0;
    if (!rows.length && q.offset > 0) {
      const counted = await this.pool.query<{ total: number }>(`${select} ${clause} LIMIT 1`, values);
      total = counted.rows[0]?.total ?? 0;
    }
    return { rows: rows.map(({ total: _t, ...r }) => r), total };
  }
}
