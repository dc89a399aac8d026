import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import type { InstituteDefinition, Notice } from '../catalogue.model';
import { fromRow, INSTITUTE_SELECT, type InstituteRow } from '../persistence/institute-rows';
import { likePattern } from './institute-search.query';

export interface InstituteWithContext {
  institute: InstituteDefinition;
  country: { id: string; name: string; notices: Notice[] } | null;
  children: number;
  createdAt: Date;
  updatedAt: Date;
}

/** One institute with its country and number of children; the options of its reference-data fields. */
@Injectable()
export class InstituteDetailQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async get(id: string): Promise<InstituteWithContext | null> {
    const { rows } = await this.pool.query<
      InstituteRow & { country_name: string | null; country_notices: Notice[] | null; children: number }
    >(
      `SELECT ${INSTITUTE_SELECT}, c.name AS country_name, c.notices AS country_notices,
              (SELECT count(*) FROM catalogue_institute k WHERE k.parent_id = i.id)::int AS children
       FROM catalogue_institute i LEFT JOIN catalogue_country c ON c.id = i.country_id
       WHERE i.id = $1`,
      [id],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      institute: fromRow(r),
      country: r.country_id
        ? { id: r.country_id, name: r.country_name ?? r.country_id, notices: r.country_notices ?? [] }
        : null,
      children: r.children,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    };
  }

  async refData(instituteId: string, key: string, name: string | undefined, page: number, size: number) {
    const { rows } = await this.pool.query<{ id: string; name: string; total: number }>(
      `SELECT id, name, count(*) OVER ()::int AS total FROM catalogue_refdata
       WHERE institute_id = $1 AND field_key = $2 AND ($3::text IS NULL OR name ILIKE $3)
       ORDER BY name, id LIMIT $4 OFFSET $5`,
      [instituteId, key, name?.trim() ? likePattern(name.trim()) : null, size, page * size],
    );
    return { content: rows.map(({ id, name: n }) => ({ id, name: n })), totalSize: rows[0]?.total ?? 0 };
  }
}
