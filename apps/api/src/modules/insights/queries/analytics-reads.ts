import { Inject, Injectable } from '@nestjs/common';
import type {
  AnalyticsRange,
  CountryStatisticView,
  OverviewView,
  PeriodCount,
  VerificationsChartRow,
} from '@credence/api-contract';
import { ALL, dayOf, lastPeriods, periodOf, RESULT_SERIES, shiftPeriod, type Grain } from '@credence/read-models';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { ANALYTICS_TABLE } from '../projections/analytics.table';

export const RANGES: Record<AnalyticsRange, { grain: Grain; count: number }> = {
  MONTHLY12: { grain: 'M', count: 12 },
  MONTHLY24: { grain: 'M', count: 24 },
  WEEKLY: { grain: 'W', count: 52 },
  DAILY: { grain: 'D', count: 30 },
};

/**
 * Whose verifications a call counts: the company's (optionally one requester's, for a restricted view), or, in the
 * Applications view, those of the applications made to the company's selected templates (whoever's company drafted
 * them).
 */
export type AnalyticsScope =
  | { kind: 'company'; companyId: string; requestedBy?: string }
  | { kind: 'templates'; companyId: string; templateIds: string[] };

interface Cell {
  period: string;
  key: string;
  count: number;
  amount: number;
}

/** Reads of the analytics read model; never the verification list or the event store. */
@Injectable()
export class AnalyticsReads {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Today's UTC day; a parameter in tests. */
  today = () => dayOf(new Date().toISOString());

  /** Sums of one dimension per period (the grain's periods from..to) and key. */
  private async cells(scope: AnalyticsScope, dim: 'result' | 'revenue' | 'country', grain: Grain, from: string, to: string): Promise<Cell[]> {
    if (scope.kind === 'templates') return this.templateCells(scope, dim, grain, from, to);
    const { rows } = await this.pool.query<{ period: string; key: string; count: string; amount: string }>(
      `SELECT period::text AS period, key, sum(count) AS count, sum(amount) AS amount FROM ${ANALYTICS_TABLE}
        WHERE "companyId" = $1 AND dim = $2 AND scope = $3 AND grain = $4 AND period BETWEEN $5 AND $6
        GROUP BY period, key`,
      [scope.companyId, dim, scope.requestedBy ?? ALL, grain, from, to],
    );
    return rows.map((r) => ({ period: r.period, key: r.key, count: Number(r.count), amount: Number(r.amount) }));
  }

  /**
   * The Applications view reads the per-verification rows of the templates' applications (an owner's applications
   * are few next to its company's whole history), grouped by day here and bucketed into the grain's periods.
   */
  private async templateCells(scope: Extract<AnalyticsScope, { kind: 'templates' }>, dim: 'result' | 'revenue' | 'country', grain: Grain, from: string, to: string) {
    const lastDay = shiftPeriod('D', shiftPeriod(grain, to, 1), -1);
    let text: string;
    if (dim === 'revenue') {
      // What the applications' verifications cost: their invoice items (with VAT), by the invoice's day.
      text = `SELECT (i.created::timestamptz AT TIME ZONE 'UTC')::date::text AS day, i.currency AS key, count(*) AS count,
                     sum(round((item->>'totalMinor')::numeric * (100 + i."vatRatePercent") / 100)) AS amount
                FROM rm_invoices i CROSS JOIN LATERAL jsonb_array_elements(i.items) item
                JOIN ${ANALYTICS_TABLE} f ON f.id = 'v|' || (item->>'verificationId')
                JOIN rm_application a ON a.id = f."applicationId"
               WHERE i.kind = 'order' AND a."ownerCompanyId" = $1 AND a."ownerId" = ANY($2)
                 AND (i.created::timestamptz AT TIME ZONE 'UTC')::date BETWEEN $3 AND $4
               GROUP BY 1, 2`;
    } else {
      const key = dim === 'result' ? 'f.key' : `f.fact->>'country'`;
      text = `SELECT f.period::text AS day, ${key} AS key, count(*) AS count, 0 AS amount
                FROM ${ANALYTICS_TABLE} f JOIN rm_application a ON a.id = f."applicationId"
               WHERE f.kind = 'VERIFICATION' AND a."ownerCompanyId" = $1 AND a."ownerId" = ANY($2)
                 AND f.key NOT IN ('AWAITING_CONSENT', 'DELETED') AND f.period BETWEEN $3 AND $4
                 ${dim === 'country' ? `AND f.fact->>'country' IS NOT NULL` : ''}
               GROUP BY 1, 2`;
    }
    const { rows } = await this.pool.query<{ day: string; key: string; count: string; amount: string }>(text, [
      scope.companyId,
      scope.templateIds,
      from,
      lastDay,
    ]);
    return rows.map((r) => ({ period: periodOf(grain, r.day), key: r.key, count: Number(r.count), amount: Number(r.amount) }));
  }

  private async series(scope: AnalyticsScope, dim: 'result' | 'revenue', grain: Grain, count: number) {
    const periods = lastPeriods(grain, this.today(), count);
    const cells = await this.cells(scope, dim, grain, periods[0], periods[periods.length - 1]);
    return { periods, cells };
  }

  /** Verifications recorded per period (volume), oldest first, every period present. */
  async volume(scope: AnalyticsScope, grain: Grain, count: number): Promise<PeriodCount[]> {
    const { periods, cells } = await this.series(scope, 'result', grain, count);
    return periods.map((date) => ({ date, count: cells.filter((c) => c.period === date).reduce((s, c) => s + c.count, 0) }));
  }

  /** What the orders cost per period, in pounds (major units) with 2 decimals. */
  async revenue(scope: AnalyticsScope, grain: Grain, count: number): Promise<PeriodCount[]> {
    const { periods, cells } = await this.series(scope, 'revenue', grain, count);
    return periods.map((date) => ({ date, count: cells.filter((c) => c.period === date).reduce((s, c) => s + c.amount, 0) / 100 }));
  }

  /** The VERIFICATIONS chart: per period, the five series of 2.15. */
  async verifications(scope: AnalyticsScope, grain: Grain, count: number): Promise<VerificationsChartRow[]> {
    const { periods, cells } = await this.series(scope, 'result', grain, count);
    return periods.map((date) => {
      const of = (results: readonly string[]) => cells.filter((c) => c.period === date && results.includes(c.key)).reduce((s, c) => s + c.count, 0);
      return {
        date,
        cancelledCount: of(RESULT_SERIES.cancelledCount),
        notVerifiedCount: of(RESULT_SERIES.notVerifiedCount),
        pendingCount: of(RESULT_SERIES.pendingCount),
        actionRequiredCount: of(RESULT_SERIES.actionRequiredCount),
        verifiedCount: of(RESULT_SERIES.verifiedCount),
      };
    });
  }

  /** DAILY, WEEKLY and MONTHLY COUNT: this period's volume and the one before. */
  async overview(scope: AnalyticsScope): Promise<OverviewView> {
    const pair = async (grain: Grain) => {
      const [previous, current] = await this.volume(scope, grain, 2);
      return { first: current.count, second: previous.count };
    };
    const [day, week, month] = await Promise.all([pair('D'), pair('W'), pair('M')]);
    return { day, week, month };
  }

  /** Volume per institute country over the last `months` months (this one included), largest first. */
  async countries(scope: AnalyticsScope, months: number, limit: number): Promise<CountryStatisticView[]> {
    const periods = lastPeriods('M', this.today(), months);
    const cells = await this.cells(scope, 'country', 'M', periods[0], periods[periods.length - 1]);
    const totals = new Map<string, number>();
    for (const c of cells) totals.set(c.key, (totals.get(c.key) ?? 0) + c.count);
    return [...totals.entries()]
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, limit)
      .map(([countryName, counter]) => ({ countryName, counter }));
  }
}
