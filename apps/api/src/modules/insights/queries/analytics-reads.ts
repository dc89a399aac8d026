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

type Dim = 'result' | 'volume' | 'revenue' | 'country';
type SeriesName = keyof typeof RESULT_SERIES;
const SERIES = Object.keys(RESULT_SERIES) as SeriesName[];
const seriesOf = new Map<string, SeriesName>(SERIES.flatMap((s) => RESULT_SERIES[s].map((r) => [r, s] as const)));

/**
 * How a company's counters are summed in SQL, so a call gets back a row per period (or per key), not one per counter:
 * by period (volume, revenue), by key (countries), or by period and VERIFICATIONS series (the five series of 2.15;
 * results in none of them, UNPAID say, are left out).
 */
type Grouping = 'period' | 'key' | 'period-series';
const SERIES_CASE = `CASE ${SERIES.map((s) => `WHEN key IN (${RESULT_SERIES[s].map((r) => `'${r}'`).join(', ')}) THEN '${s}'`).join(' ')} END`;
const GROUPED: Record<Grouping, { period: string; key: string; where: string }> = {
  period: { period: 'period::text', key: `''`, where: '' },
  key: { period: `''`, key: 'key', where: '' },
  'period-series': { period: 'period::text', key: SERIES_CASE, where: ` AND key IN (${[...seriesOf.keys()].map((r) => `'${r}'`).join(', ')})` },
};
/**
 * One statement text per grouping, prepared once per connection under its name: the reads run thousands of times a
 * minute with the same shape, so PostgreSQL parses and plans them once (a generic plan over the first index).
 */
const CELLS_SQL = Object.fromEntries(
  (Object.keys(GROUPED) as Grouping[]).map((g) => {
    const { period, key, where } = GROUPED[g];
    const text = `SELECT ${period} AS period, ${key} AS key, sum(count)::bigint AS count, sum(amount)::bigint AS amount FROM ${ANALYTICS_TABLE}
       WHERE "companyId" = $1 AND dim = $2 AND scope = $3 AND grain = $4 AND period BETWEEN $5 AND $6${where}
       GROUP BY 1, 2`;
    return [g, { name: `analytics-cells-${g}`, text }];
  }),
) as Record<Grouping, { name: string; text: string }>;

/**
 * The tiles' six periods (this and the last day, week and month) from the volume rows (one per period; a restricted
 * view's from its result rows) in one statement: one round trip, not three. The
 * index is probed for each grain and period (a period of one grain that is also a period of another, a month's first
 * day say, brings back a row or two that the caller leaves out).
 */
const OVERVIEW_SQL = {
  name: 'analytics-overview',
  text: `SELECT grain, period::text AS period, sum(count)::bigint AS count FROM ${ANALYTICS_TABLE}
          WHERE "companyId" = $1 AND dim = $4 AND scope = $2 AND grain = ANY('{D,W,M}') AND period = ANY($3::date[])
          GROUP BY 1, 2`,
};

/** The company's volume rows hold its totals; a requester's (a restricted view) are its result rows summed. */
const volumeDim = (scope: AnalyticsScope) => (scope.kind === 'company' && !scope.requestedBy ? 'volume' : 'result');

/** Sums the cells per period, every period present (oldest first). */
function perPeriod(periods: readonly string[], cells: Cell[], value: (c: Cell) => number): Map<string, number> {
  const sums = new Map(periods.map((p) => [p, 0]));
  for (const c of cells) {
    const sum = sums.get(c.period);
    if (sum !== undefined) sums.set(c.period, sum + value(c));
  }
  return sums;
}

/** Reads of the analytics read model; never the verification list or the event store. */
@Injectable()
export class AnalyticsReads {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Today's UTC day; a parameter in tests. */
  today = () => dayOf(new Date().toISOString());

  /**
   * Sums of one dimension over the grain's periods from..to, grouped as asked for a company; the Applications view's
   * cells come per period and key whatever the grouping (the callers sum them the same way).
   */
  private async cells(scope: AnalyticsScope, dim: Dim, grain: Grain, from: string, to: string, grouping: Grouping): Promise<Cell[]> {
    if (scope.kind === 'templates') {
      const cells = await this.templateCells(scope, dim === 'volume' ? 'result' : dim, grain, from, to);
      if (grouping !== 'period-series') return cells;
      return cells.flatMap((c) => {
        const series = seriesOf.get(c.key);
        return series ? [{ ...c, key: series }] : [];
      });
    }
    const { rows } = await this.pool.query<{ period: string; key: string; count: string; amount: string }>({
      ...CELLS_SQL[grouping],
      values: [scope.companyId, dim, scope.requestedBy ?? ALL, grain, from, to],
    });
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

  private async series(scope: AnalyticsScope, dim: 'result' | 'volume' | 'revenue', grain: Grain, count: number, grouping: Grouping) {
    const periods = lastPeriods(grain, this.today(), count);
    const cells = await this.cells(scope, dim, grain, periods[0], periods[periods.length - 1], grouping);
    return { periods, cells };
  }

  /** Verifications recorded per period (volume), oldest first, every period present. */
  async volume(scope: AnalyticsScope, grain: Grain, count: number): Promise<PeriodCount[]> {
    const { periods, cells } = await this.series(scope, volumeDim(scope), grain, count, 'period');
    return [...perPeriod(periods, cells, (c) => c.count)].map(([date, n]) => ({ date, count: n }));
  }

  /** What the orders cost per period, in pounds (major units) with 2 decimals. */
  async revenue(scope: AnalyticsScope, grain: Grain, count: number): Promise<PeriodCount[]> {
    const { periods, cells } = await this.series(scope, 'revenue', grain, count, 'period');
    return [...perPeriod(periods, cells, (c) => c.amount)].map(([date, n]) => ({ date, count: n / 100 }));
  }

  /** The VERIFICATIONS chart: per period, the five series of 2.15. */
  async verifications(scope: AnalyticsScope, grain: Grain, count: number): Promise<VerificationsChartRow[]> {
    const { periods, cells } = await this.series(scope, 'result', grain, count, 'period-series');
    const rows = new Map(periods.map((date) => [date, { date, ...Object.fromEntries(SERIES.map((s) => [s, 0])) } as VerificationsChartRow]));
    for (const c of cells) {
      const row = rows.get(c.period);
      if (row) row[c.key as SeriesName] += c.count;
    }
    return [...rows.values()];
  }

  /** DAILY, WEEKLY and MONTHLY COUNT: this period's volume and the one before. */
  async overview(scope: AnalyticsScope): Promise<OverviewView> {
    const today = this.today();
    const pairs = (['D', 'W', 'M'] as const).map((grain) => ({ grain, periods: lastPeriods(grain, today, 2) }));
    let cells: (Cell & { grain: Grain })[];
    if (scope.kind === 'templates') {
      cells = (
        await Promise.all(pairs.map(async ({ grain, periods }) => (await this.cells(scope, 'result', grain, periods[0], periods[1], 'period')).map((c) => ({ ...c, grain }))))
      ).flat();
    } else {
      const { rows } = await this.pool.query<{ grain: Grain; period: string; count: string }>({
        ...OVERVIEW_SQL,
        values: [scope.companyId, scope.requestedBy ?? ALL, pairs.flatMap((p) => p.periods), volumeDim(scope)],
      });
      cells = rows.map((r) => ({ grain: r.grain, period: r.period, key: '', count: Number(r.count), amount: 0 }));
    }
    const [day, week, month] = pairs.map(({ grain, periods }) => {
      const n = (period: string) => cells.filter((c) => c.grain === grain && c.period === period).reduce((s, c) => s + c.count, 0);
      return { first: n(periods[1]), second: n(periods[0]) };
    });
    return { day, week, month };
  }

  /** Volume per institute country over the last `months` months (this one included), largest first. */
  async countries(scope: AnalyticsScope, months: number, limit: number): Promise<CountryStatisticView[]> {
    const periods = lastPeriods('M', this.today(), months);
    const cells = await this.cells(scope, 'country', 'M', periods[0], periods[periods.length - 1], 'key');
    const totals = new Map<string, number>();
    for (const c of cells) totals.set(c.key, (totals.get(c.key) ?? 0) + c.count);
    return [...totals.entries()]
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, limit)
      .map(([countryName, counter]) => ({ countryName, counter }));
  }
}
