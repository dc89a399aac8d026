import { Inject, Injectable } from '@nestjs/common';
import type { CountryFiguresView, CountryInsightsView } from '@credence/api-contract';
import { ALL, dayOf, lastPeriods } from '@credence/read-models';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { ANALYTICS_TABLE } from '../projections/analytics.table';

/** Country Insights covers the last 12 months (this one included). */
export const COUNTRY_MONTHS = 12;

const round2 = (n: number) => Math.round(n * 100) / 100;

interface Sums {
  completed: number;
  seconds: number;
  notVerified: number;
  notAccredited: number;
}

/** Average turnaround in days, and the fraud rate: Not Verified and not-accredited outcomes per 100 outcomes; -1 = n/a. */
export function figuresOf(s: Sums): Pick<CountryFiguresView, 'averageDays' | 'fraudPercent'> {
  const outcomes = s.completed + s.notAccredited;
  return {
    averageDays: s.completed > 0 ? round2(s.seconds / s.completed / 86_400) : -1,
    fraudPercent: outcomes > 0 ? round2(((s.notVerified + s.notAccredited) / outcomes) * 100) : -1,
  };
}

/**
 * Country Insights' verification figures (money 2.18): the global 'country-outcome' counters of the analytics read
 * model (completions with their summed turnaround, Not Verified outcomes, not-accredited institutions), summed over
 * the last 12 months per institute country and for the whole world. A dozen rows per country, never the list.
 */
@Injectable()
export class CountryFigures {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  today = () => dayOf(new Date().toISOString());

  async all(): Promise<Omit<CountryInsightsView, 'destinations'>> {
    const months = lastPeriods('M', this.today(), COUNTRY_MONTHS);
    const { rows } = await this.pool.query<{ key: string; completed: string; seconds: string; nv: string; na: string }>(
      `SELECT key, sum(count) AS completed, sum(amount) AS seconds, sum("notVerified") AS nv, sum("notAccredited") AS na
         FROM ${ANALYTICS_TABLE}
        WHERE "companyId" = $1 AND scope = $1 AND dim = 'country-outcome' AND grain = 'M' AND period BETWEEN $2 AND $3
        GROUP BY key ORDER BY key`,
      [ALL, months[0], months[months.length - 1]],
    );
    const total: Sums = { completed: 0, seconds: 0, notVerified: 0, notAccredited: 0 };
    const countries = rows.map((r) => {
      const s: Sums = { completed: Number(r.completed), seconds: Number(r.seconds), notVerified: Number(r.nv), notAccredited: Number(r.na) };
      total.completed += s.completed;
      total.seconds += s.seconds;
      total.notVerified += s.notVerified;
      total.notAccredited += s.notAccredited;
      return { country: r.key, completed: s.completed, ...figuresOf(s) };
    });
    return { months: COUNTRY_MONTHS, countries, ...figuresOf(total) };
  }
}
