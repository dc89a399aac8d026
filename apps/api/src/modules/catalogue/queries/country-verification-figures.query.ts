import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';

/**
 * The verification list read model's table (verifications/projections/verification-tables.ts). Read here by name,
 * not imported: the verifications module depends on the catalogue, and importing its public face back would make
 * the two modules load each other.
 */
export const VERIFICATION_LIST = 'rm_verification_list';

/** Days a completed verification counts towards the annual average, and towards the current one. */
export const ANNUAL_DAYS = 365;
export const CURRENT_DAYS = 90;

export interface CountryFigures {
  annualAverageVerificationDays: number;
  currentVerificationDays: number;
  fraudulentPercent: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The coverage map's figures per country (money-and-insights.md 2.17, 9), from the verification list read model.
 * A verification counts once it is completed (VERIFIED or NOT_VERIFIED), in the country of its institute (the
 * catalogue's country, else the country name the verification recorded). Its turnaround is the time from when it
 * was recorded to its resolution (resolvedAt, else its last update), in days.
 * - annualAverageVerificationDays: the mean turnaround of those completed in the last 365 days;
 * - currentVerificationDays: the same over the last 90 days;
 * - fraudulentPercent: the NOT_VERIFIED share of those completed in the last 365 days, in %.
 * Rounded to 2 decimals; a country without completed verifications in a window has no entry (the API answers -1).
 */
@Injectable()
export class CountryVerificationFiguresQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async byCountry(now = new Date()): Promise<Map<string, Partial<CountryFigures>>> {
    const exists = await this.pool.query<{ t: string | null }>(`SELECT to_regclass($1)::text AS t`, [VERIFICATION_LIST]);
    if (!exists.rows[0]?.t) return new Map();
    const { rows } = await this.pool.query<{
      country: string;
      annual_n: number;
      annual_days: number | null;
      current_n: number;
      current_days: number | null;
      fraud: number | null;
    }>(
      `WITH done AS (
         SELECT COALESCE(i.country_id, c.id) AS country, v.result,
                EXTRACT(EPOCH FROM (COALESCE(v."resolvedAt", v.updated) - v.recorded)) / 86400.0 AS days,
                COALESCE(v."resolvedAt", v.updated) AS finished
           FROM "${VERIFICATION_LIST}" v
           LEFT JOIN catalogue_institute i ON i.id = v."instituteId"
           LEFT JOIN catalogue_country c ON lower(c.name) = lower(v."instituteCountry")
          WHERE v.result IN ('VERIFIED', 'NOT_VERIFIED')
            AND COALESCE(v."resolvedAt", v.updated) > $1::timestamptz - make_interval(days => $2::int)
       )
       SELECT country,
              count(*)::int AS annual_n,
              avg(days)::float8 AS annual_days,
              count(*) FILTER (WHERE finished > $1::timestamptz - make_interval(days => $3::int))::int AS current_n,
              (avg(days) FILTER (WHERE finished > $1::timestamptz - make_interval(days => $3::int)))::float8 AS current_days,
              (100.0 * count(*) FILTER (WHERE result = 'NOT_VERIFIED') / count(*))::float8 AS fraud
         FROM done WHERE country IS NOT NULL GROUP BY country`,
      [now.toISOString(), ANNUAL_DAYS, CURRENT_DAYS],
    );
    return new Map(
      rows.map((r) => [
        r.country,
        {
          annualAverageVerificationDays: r.annual_days === null ? undefined : round2(Math.max(0, r.annual_days)),
          currentVerificationDays: r.current_n > 0 && r.current_days !== null ? round2(Math.max(0, r.current_days)) : undefined,
          fraudulentPercent: r.fraud === null ? undefined : round2(r.fraud),
        },
      ]),
    );
  }
}
