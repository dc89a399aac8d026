import { Inject, Injectable } from '@nestjs/common';
import { ALL, dayOf, lastPeriods } from '@credence/read-models';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';

/**
 * The analytics read model's table (insights/projections/analytics.table.ts). Read here by name, not imported: the
 * catalogue is below the insights module, whose public face offers only its projection definitions.
 */
export const ANALYTICS_TABLE = 'rm_analytics';

/** Calendar months a completion counts towards the annual figures (this one included), and towards the current one. */
export const ANNUAL_MONTHS = 12;
export const CURRENT_MONTHS = 3;

export interface CountryFigures {
  annualAverageVerificationDays: number;
  currentVerificationDays: number;
  fraudulentPercent: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The coverage map's figures per country (money-and-insights.md 2.17, 9), from the analytics read model's global
 * 'country-outcome' counters: per institute country (matched to the catalogue's country by name) and month, the
 * completions with their summed turnaround (submitted -> completed), the Not Verified outcomes and the
 * not-accredited institutions. They are the counters Country Insights (2.18) sums, with the same definitions, so the
 * two pages show the same numbers; a few dozen rows per country instead of the verification list.
 * - annualAverageVerificationDays: mean turnaround of the completions of the last 12 calendar months;
 * - currentVerificationDays: the same over the last 3 calendar months;
 * - fraudulentPercent: Not Verified and not-accredited outcomes per 100 outcomes of the last 12 months.
 * Rounded to 2 decimals; a country without outcomes in a window has no entry (the API answers -1).
 */
@Injectable()
export class CountryVerificationFiguresQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async byCountry(now = new Date()): Promise<Map<string, Partial<CountryFigures>>> {
    const exists = await this.pool.query<{ t: string | null }>(`SELECT to_regclass($1)::text AS t`, [
      ANALYTICS_TABLE,
    ]);
    if (!exists.rows[0]?.t) return new Map();
    const months = lastPeriods('M', dayOf(now.toISOString()), ANNUAL_MONTHS);
    const currentFrom = months[months.length - CURRENT_MONTHS];
    const { rows } = await this.pool.query<{
      country: string;
      n: string;
      seconds: string;
      current_n: string;
      current_seconds: string;
      nv: string;
      na: string;
    }>(
      `SELECT c.id AS country,
              sum(a.count) AS n, sum(a.amount) AS seconds,
              coalesce(sum(a.count) FILTER (WHERE a.period >= $4::date), 0) AS current_n,
              coalesce(sum(a.amount) FILTER (WHERE a.period >= $4::date), 0) AS current_seconds,
              sum(a."notVerified") AS nv, sum(a."notAccredited") AS na
         FROM "${ANALYTICS_TABLE}" a
         JOIN catalogue_country c ON lower(c.name) = lower(a.key)
        WHERE a."companyId" = $1 AND a.scope = $1 AND a.dim = 'country-outcome' AND a.grain = 'M' AND a.period BETWEEN $2 AND $3
        GROUP BY c.id`,
      [ALL, months[0], months[months.length - 1], currentFrom],
    );
    const days = (seconds: string, n: string) =>
      Number(n) > 0 ? round2(Number(seconds) / Number(n) / 86_400) : undefined;
    return new Map(
      rows.map((r) => {
        const outcomes = Number(r.n) + Number(r.na);
        return [
          r.country,
          {
            annualAverageVerificationDays: days(r.seconds, r.n),
            currentVerificationDays: days(r.current_seconds, r.current_n),
            fraudulentPercent:
              outcomes > 0 ? round2(((Number(r.nv) + Number(r.na)) / outcomes) * 100) : undefined,
          },
        ];
      }),
    );
  }
}
