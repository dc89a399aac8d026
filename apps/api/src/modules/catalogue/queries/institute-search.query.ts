import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { SUMMARY_NAMES } from '../data/fixed-institutes';

export interface InstituteSearchCriteria {
  /** Text typed by the user; matched against every name of an institute. */
  name?: string;
  /** Typo-tolerant (trigram similarity) as well as substring matching. */
  fuzzy: boolean;
  /** Only institutes in these countries (a country or a map region's countries). */
  countryIds?: string[];
  /** Only the children of this institute (examination boards under a country). */
  parentId?: string;
  page: number;
  size: number;
}

export interface InstituteSummaryHit {
  id: string;
  name: string;
  names: string[];
  countryId: string | null;
  countryName: string | null;
  price: number;
  surcharge: number;
  readOnly: boolean;
  children: number;
}

/** Escapes LIKE wildcards so that a typed % or _ matches itself. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The institute search (verifications.md 2.3). With a name, every name of every institute is matched: substring
 * matches first, then trigram similarity (pg_trgm's % operator, GIN-indexed), so 'Univrsity of Dmeo' still finds
 * University of Demo; ties are broken by name, country and id so that paging is stable. Institutes that are not
 * listed in the search (the fixed QC_* entries) are left out, except that the country selector's names 'HSVQCI'
 * and 'EMPVQCI' list those entries by country. Children (parentId) are listed whether searchable or not.
 */
@Injectable()
export class InstituteSearchQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async run(c: InstituteSearchCriteria): Promise<{ hits: InstituteSummaryHit[]; total: number }> {
    const values: unknown[] = [];
    const param = (v: unknown) => `$${values.push(v)}`;
    const where: string[] = [];
    const text = c.name?.trim();
    let hits = '';
    let order = 'i.name, c.name, i.id';

    if (text && SUMMARY_NAMES.includes(text.toUpperCase())) {
      // The country selector's lists (HSVQCI, EMPVQCI): those entries exactly, by country name.
      where.push(`i.name = ${param(text.toUpperCase())}`);
      order = 'c.name, i.id';
    } else if (text) {
      const q = param(text);
      const pattern = param(likePattern(text));
      const match = c.fuzzy ? `(n.name % ${q} OR n.name ILIKE ${pattern})` : `n.name ILIKE ${pattern}`;
      hits = `WITH hits AS (
          SELECT n.institute_id AS id,
                 max((n.name ILIKE ${pattern})::int + similarity(n.name, ${q})) AS score
          FROM catalogue_institute_name n
          WHERE ${match}
          GROUP BY n.institute_id)`;
      order = `h.score DESC, ${order}`;
      if (!c.parentId) where.push('i.searchable');
    } else if (!c.parentId) {
      where.push('i.searchable');
    }
    if (c.parentId) where.push(`i.parent_id = ${param(c.parentId)}`);
    if (c.countryIds) where.push(`i.country_id = ANY(${param(c.countryIds)}::text[])`);

    const from = hits ? 'hits h JOIN catalogue_institute i ON i.id = h.id' : 'catalogue_institute i';
    const limit = param(c.size);
    const offset = param(c.page * c.size);
    const sql = `${hits}
      SELECT i.id, i.name, i.other_names, i.country_id, c.name AS country_name, i.price::float8 AS price,
             i.surcharge::float8 AS surcharge, i.read_only,
             (SELECT count(*) FROM catalogue_institute k WHERE k.parent_id = i.id)::int AS children,
             count(*) OVER ()::int AS total
      FROM ${from}
      LEFT JOIN catalogue_country c ON c.id = i.country_id
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${order}
      LIMIT ${limit} OFFSET ${offset}`;
    const { rows } = await this.pool.query<{
      id: string;
      name: string;
      other_names: string[];
      country_id: string | null;
      country_name: string | null;
      price: number;
      surcharge: number;
      read_only: boolean;
      children: number;
      total: number;
    }>(sql, values);
    let total = rows[0]?.total ?? 0;
    if (!rows.length && c.page > 0) total = await this.count(sql, values);
    return {
      total,
      hits: rows.map((r) => ({
        id: r.id,
        name: r.name,
        names: [r.name, ...r.other_names],
        countryId: r.country_id,
        countryName: r.country_name,
        price: r.price,
        surcharge: r.surcharge,
        readOnly: r.read_only,
        children: r.children,
      })),
    };
  }

  /** A page past the end has no rows to carry the total: count separately (rare). */
  private async count(sql: string, values: unknown[]): Promise<number> {
    // LIMIT and OFFSET are the last two parameters: ask for the first row only.
    const first = [...values];
    first[first.length - 2] = 1;
    first[first.length - 1] = 0;
    const { rows } = await this.pool.query<{ total: number }>(sql, first);
    return rows[0]?.total ?? 0;
  }
}
