import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { SUMMARY_NAMES } from '../data/fixed-institutes';
import {
  INSTITUTE_SEARCH_INDEX,
  type InstituteSearchIndex,
  type InstituteSummaryHit,
} from '../search/institute-search.port';

export type { InstituteSummaryHit } from '../search/institute-search.port';

export interface InstituteSearchCriteria {
  /** Text typed by the user; matched against every name of an institute. */
  name?: string;
  /** Typo-tolerant word matching instead of a plain substring match. */
  fuzzy: boolean;
  /** Only institutes in these countries (a country or a map region's countries). */
  countryIds?: string[];
  /** Only the children of this institute (examination boards under a country). */
  parentId?: string;
  page: number;
  size: number;
}

/** Escapes LIKE wildcards so that a typed % or _ matches itself. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface Row {
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
}

/**
 * The institute search (verifications.md 2.3) over every name of every institute.
 *
 * fuzzy=true matches word by word, typos included: 'Univrsity of Dmeo' finds University of Demo. That search is
 * the in-process index behind the search port (search/in-process-institute-index.ts), kept current by
 * InstituteIndexSync; it touches no database. Without fuzzy, the text is a substring of one of the names
 * (trigram-indexed ILIKE), and listings without text page through SQL.
 *
 * Institutes that are not listed in the search (the fixed QC_* entries) are left out, except that the country
 * selector's names 'HSVQCI' and 'EMPVQCI' list those entries by country. Children (parentId) are listed whether
 * searchable or not.
 */
@Injectable()
export class InstituteSearchQuery {
  private readonly logger = new Logger('InstituteSearch');

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(INSTITUTE_SEARCH_INDEX) private readonly index: InstituteSearchIndex,
  ) {}

  async run(c: InstituteSearchCriteria): Promise<{ hits: InstituteSummaryHit[]; total: number }> {
    const typed = c.name?.trim();
    if (typed && c.fuzzy && !SUMMARY_NAMES.includes(typed.toUpperCase())) {
      try {
        return await this.index.search({
          text: typed,
          countryIds: c.countryIds,
          parentId: c.parentId,
          page: c.page,
          size: c.size,
        });
      } catch (error) {
        // The search engine is out of reach (a Meilisearch server down or restarting): the user still gets the
        // institutes whose names contain what was typed, from SQL, rather than an error. What was typed is not
        // logged (it can be a person's employer).
        this.logger.warn(
          `institute search index unavailable, answering from SQL: ${(error as Error).message}`,
        );
        return this.listed(c);
      }
    }
    return this.listed(c);
  }

  /** Listings and substring matches, in SQL. */
  private async listed(c: InstituteSearchCriteria): Promise<{ hits: InstituteSummaryHit[]; total: number }> {
    const values: unknown[] = [];
    const param = (v: unknown) => `$${values.push(v)}`;
    const where: string[] = [];
    const text = c.name?.trim();
    const ctes: string[] = [];
    let source = 'catalogue_institute i';
    // By name, country and id: a stable order for paging.
    let order = 'i.name, i.country_id, i.id';

    if (text && SUMMARY_NAMES.includes(text.toUpperCase())) {
      // The country selector's lists (HSVQCI, EMPVQCI): those entries exactly, by country name.
      where.push(`i.name = ${param(text.toUpperCase())}`);
      order = '(SELECT cc.name FROM catalogue_country cc WHERE cc.id = i.country_id), i.id';
    } else if (text) {
      ctes.push(`ranked AS (
        SELECT DISTINCT institute_id AS id FROM catalogue_institute_name WHERE name ILIKE ${param(likePattern(text))})`);
      source = 'ranked r JOIN catalogue_institute i ON i.id = r.id';
      if (!c.parentId) where.push('i.searchable');
    } else if (!c.parentId) {
      where.push('i.searchable');
    }
    if (c.parentId) where.push(`i.parent_id = ${param(c.parentId)}`);
    if (c.countryIds) where.push(`i.country_id = ANY(${param(c.countryIds)}::text[])`);

    // Rank on the narrow columns first, then read the page's 20 rows in full.
    ctes.push(`page AS (
      SELECT i.id, count(*) OVER ()::int AS total
      FROM ${source}
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${order}
      LIMIT ${param(c.size)} OFFSET ${param(c.page * c.size)})`);
    const sql = `WITH ${ctes.join(',\n')}
      SELECT i.id, i.name, i.other_names, i.country_id, c.name AS country_name, i.price::float8 AS price,
             i.surcharge::float8 AS surcharge, i.read_only,
             (SELECT count(*) FROM catalogue_institute k WHERE k.parent_id = i.id)::int AS children, p.total
      FROM page p JOIN catalogue_institute i ON i.id = p.id LEFT JOIN catalogue_country c ON c.id = i.country_id
      ORDER BY ${order}`;
    const { rows } = await this.pool.query<Row>(sql, values);
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
