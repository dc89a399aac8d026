import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { SUMMARY_NAMES } from '../data/fixed-institutes';
import { withTransaction } from '../persistence/transaction';
import { drivingPosition, matchQueryWords } from '../search/word-matches';

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

const EMPTY = { hits: [], total: 0 };

/** From how many institutes of its rarest word on a query counts as broad (see broadly). */
const BROAD_AT = 1000; // below COUNT_CAP, so that it is counted exactly

/**
 * The institute search (verifications.md 2.3) over every name of every institute.
 *
 * fuzzy=true matches word by word, typos included (search/word-matches.ts): 'Univrsity of Dmeo' finds University
 * of Demo. Every required query word must match a word of the institute; institutes are ranked by how well their
 * words match, then by shorter name, name, country and id, so paging is stable. Without fuzzy, the text is a
 * substring of one of the names (trigram-indexed ILIKE).
 *
 * Institutes that are not listed in the search (the fixed QC_* entries) are left out, except that the country
 * selector's names 'HSVQCI' and 'EMPVQCI' list those entries by country. Children (parentId) are listed whether
 * searchable or not.
 */
@Injectable()
export class InstituteSearchQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async run(c: InstituteSearchCriteria): Promise<{ hits: InstituteSummaryHit[]; total: number }> {
    const values: unknown[] = [];
    const param = (v: unknown) => `$${values.push(v)}`;
    const where: string[] = [];
    const text = c.name?.trim();
    const ctes: string[] = [];
    let source = 'catalogue_institute i';
    let score = '0';
    // By name, country and id: a stable order for paging. `s` prefixes the score (page CTE or outer query).
    let order = (_s: string) => 'i.name, i.country_id, i.id';
    let broad = false;

    if (text && SUMMARY_NAMES.includes(text.toUpperCase())) {
      // The country selector's lists (HSVQCI, EMPVQCI): those entries exactly, by country name.
      where.push(`i.name = ${param(text.toUpperCase())}`);
      order = () => '(SELECT cc.name FROM catalogue_country cc WHERE cc.id = i.country_id), i.id';
    } else if (text && c.fuzzy) {
      const q = await matchQueryWords(this.pool, text);
      const driver = drivingPosition(q);
      if (driver === null) return EMPTY;
      // Optional words ('of', 'the') only break ties: an institute with 'the' in its name is not a better match.
      const matches = q.matches.map(({ pos, word, score: s }) => {
        const required = q.required.includes(pos);
        return { pos, word, score: required ? s : s / 10, required };
      });
      ctes.push(`m AS (SELECT * FROM jsonb_to_recordset(${param(JSON.stringify(matches))}::jsonb)
                       AS m(pos integer, word text, score float8, required boolean))`);
      // A rare word: start from its few institutes and look up their other words. Only common words: read all
      // their postings at once (a hash join beats thousands of index lookups).
      broad = driver.institutes >= BROAD_AT;
      if (broad) {
        ctes.push(`per_word AS (
          SELECT w.institute_id, m.pos, max(m.score) AS score, bool_or(m.required) AS required
          FROM m JOIN catalogue_institute_word w ON w.word = m.word
          GROUP BY w.institute_id, m.pos)`);
      } else {
        const driverWords = q.matches.filter((m) => m.pos === driver.pos).map((m) => m.word);
        ctes.push(
          `d AS (SELECT DISTINCT institute_id FROM catalogue_institute_word WHERE word = ANY(${param(driverWords)}::text[]))`,
          `per_word AS (
            SELECT w.institute_id, m.pos, max(m.score) AS score, bool_or(m.required) AS required
            FROM d JOIN catalogue_institute_word w ON w.institute_id = d.institute_id JOIN m ON m.word = w.word
            GROUP BY w.institute_id, m.pos)`,
        );
      }
      ctes.push(`ranked AS (
        SELECT institute_id AS id, sum(score) AS score FROM per_word GROUP BY institute_id
        HAVING count(*) FILTER (WHERE required) >= ${param(q.required.length)})`);
      source = 'ranked r JOIN catalogue_institute i ON i.id = r.id';
      score = 'r.score';
      // Best match first; among equals the shorter name (fewer words the query did not ask for).
      order = (s) => `${s}score DESC, length(i.name), i.name, i.country_id, i.id`;
      if (!c.parentId) where.push('i.searchable');
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
      SELECT i.id, ${score}::float8 AS score, count(*) OVER ()::int AS total
      FROM ${source}
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${order('')}
      LIMIT ${param(c.size)} OFFSET ${param(c.page * c.size)})`);
    const sql = `WITH ${ctes.join(',\n')}
      SELECT i.id, i.name, i.other_names, i.country_id, c.name AS country_name, i.price::float8 AS price,
             i.surcharge::float8 AS surcharge, i.read_only,
             (SELECT count(*) FROM catalogue_institute k WHERE k.parent_id = i.id)::int AS children, p.total
      FROM page p JOIN catalogue_institute i ON i.id = p.id LEFT JOIN catalogue_country c ON c.id = i.country_id
      ORDER BY ${order('p.')}`;
    const { rows } = broad ? await this.broadly<Row>(sql, values) : await this.pool.query<Row>(sql, values);
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

  /**
   * A query of common words only ('univ') ranks thousands of institutes. The planner cannot estimate how many
   * pass the word filter and picks a nested loop over them (a second per query at 50,000 institutes); hash joins
   * take a tenth of that, so they are asked for here, for this statement only.
   */
  private async broadly<T extends object>(sql: string, values: unknown[]) {
    return withTransaction(this.pool, async (client) => {
      await client.query('SET LOCAL enable_nestloop = off');
      return client.query<T>(sql, values);
    });
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
