import { Inject, Injectable } from '@nestjs/common';
import type { ReportKind } from '@credence/api-contract';
import { resultLabel } from '@credence/domain';
import { monthOf, RESULT_SERIES, shiftPeriod } from '@credence/read-models';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { rowTypes } from '../../../infrastructure/projections/projection-sql';
import { ANALYTICS_TABLE } from '../projections/analytics.table';
import type { AnalyticsScope } from './analytics-reads';

/** A report's title, file name (money 9) and columns. */
export const REPORTS: Record<ReportKind, { title: string; file: string; columns: string[]; needsDates: boolean }> = {
  monthlyoverview: {
    title: 'Monthly Overview',
    file: 'MonthlyOverview',
    columns: ['Month', 'Total', 'Verified', 'Not Verified', 'Pending', 'Action Required', 'Cancelled'],
    needsDates: true,
  },
  rejecteds: {
    title: 'All Action Required',
    file: 'AllActionRequired',
    columns: ['QCID', 'Name', 'Type', 'Institute', 'Country', 'Result', 'Reference', 'Requested By', 'Recorded'],
    needsDates: false,
  },
  pendings: {
    title: 'All Pending',
    file: 'AllPending',
    columns: ['QCID', 'Name', 'Type', 'Institute', 'Country', 'Result', 'Reference', 'Requested By', 'Recorded'],
    needsDates: false,
  },
  successrates: {
    title: 'Success Rates',
    file: 'SuccessRates',
    columns: ['Institute', 'Country', 'Completed', 'Verified', 'Not Verified', 'Success Rate (%)'],
    needsDates: true,
  },
};

export type ReportCell = string | number;
export interface DateRange {
  from: string | null;
  to: string | null;
}

const LIST_RESULTS: Partial<Record<ReportKind, string[]>> = { rejecteds: ['NOT_FOUND', 'REJECTED'], pendings: ['PENDING', 'UNABLE'] };
const PAGE = 1000;

interface ListRow {
  id: string;
  firstname: string | null;
  middlename: string | null;
  surname: string | null;
  type: string;
  instituteName: string | null;
  instituteCountry: string | null;
  result: string;
  customerReference: string | null;
  requestedBy: string;
  recorded: string;
}

/**
 * The rows of the reports of money 2.16, produced page by page (keyset over the verification list's indexes), so a
 * large company's report is streamed into the spreadsheet without being held in memory.
 */
@Injectable()
export class ReportRows {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async *rows(kind: ReportKind, scope: AnalyticsScope, range: DateRange): AsyncGenerator<ReportCell[]> {
    switch (kind) {
      case 'monthlyoverview':
        yield* await this.monthly(scope, range);
        return;
      case 'successrates':
        yield* await this.successRates(scope, range);
        return;
      case 'rejecteds':
      case 'pendings':
        yield* this.list(LIST_RESULTS[kind]!, scope, range);
        return;
      default: {
        const never: never = kind;
        throw new Error(`unknown report ${String(never)}`);
      }
    }
  }

  /** Which verification-list rows a scope covers, as SQL over alias v, with its values appended to `values`. */
  private scopeSql(scope: AnalyticsScope, values: unknown[]): string {
    if (scope.kind === 'company') return `v."companyId" = $${values.push(scope.companyId)}`;
    return `v."applicationId" IN (SELECT a.id FROM rm_application a WHERE a."ownerCompanyId" = $${values.push(scope.companyId)}
              AND a."ownerId" = ANY($${values.push(scope.templateIds)}))`;
  }

  private dateSql(range: DateRange, values: unknown[], column = 'v.recorded'): string {
    const parts: string[] = [];
    if (range.from) parts.push(`${column} >= $${values.push(range.from)}::date`);
    if (range.to) parts.push(`${column} < ($${values.push(range.to)}::date + 1)`);
    return parts.length ? ` AND ${parts.join(' AND ')}` : '';
  }

  private async *list(results: string[], scope: AnalyticsScope, range: DateRange): AsyncGenerator<ReportCell[]> {
    let after: { recorded: string; id: string } | null = null;
    for (;;) {
      const values: unknown[] = [results];
      let where = `v.result = ANY($1) AND ${this.scopeSql(scope, values)}${this.dateSql(range, values)}`;
      if (after) where += ` AND (v.recorded, v.id) < ($${values.push(after.recorded)}::timestamptz, $${values.push(after.id)})`;
      const { rows } = await this.pool.query<ListRow>({
        text: `SELECT v.id, v.firstname, v.middlename, v.surname, v.type, v."instituteName", v."instituteCountry", v.result,
                      v."customerReference", v."requestedBy", v.recorded
                 FROM rm_verification_list v WHERE ${where} ORDER BY v.recorded DESC, v.id DESC LIMIT ${PAGE}`,
        values,
        types: rowTypes,
      });
      for (const r of rows) {
        yield [
          r.id,
          [r.firstname, r.middlename, r.surname].filter(Boolean).join(' '),
          r.type,
          r.instituteName ?? '',
          r.instituteCountry ?? '',
          resultLabel(r.result, 'history'),
          r.customerReference ?? '',
          r.requestedBy,
          new Date(r.recorded).toISOString().slice(0, 10),
        ];
      }
      if (rows.length < PAGE) return;
      const last = rows[rows.length - 1];
      after = { recorded: last.recorded, id: last.id };
    }
  }

  /** Per month of the range: verifications recorded, by result group (the analytics counters' day rows). */
  private async monthly(scope: AnalyticsScope, range: DateRange): Promise<ReportCell[][]> {
    const values: unknown[] = [];
    const text =
      scope.kind === 'company'
        ? `SELECT to_char(period, 'YYYY-MM') AS month, key, sum(count)::bigint AS count FROM ${ANALYTICS_TABLE}
            WHERE "companyId" = $${values.push(scope.companyId)} AND dim = 'result' AND scope = '*' AND grain = 'D'
              AND period BETWEEN $${values.push(range.from)} AND $${values.push(range.to)} GROUP BY 1, 2`
        : `SELECT to_char(f.period, 'YYYY-MM') AS month, f.key, count(*)::bigint AS count
             FROM ${ANALYTICS_TABLE} f JOIN rm_application a ON a.id = f."applicationId"
            WHERE f.kind = 'VERIFICATION' AND a."ownerCompanyId" = $${values.push(scope.companyId)} AND a."ownerId" = ANY($${values.push(scope.templateIds)})
              AND f.key NOT IN ('AWAITING_CONSENT', 'DELETED') AND f.period BETWEEN $${values.push(range.from)} AND $${values.push(range.to)}
            GROUP BY 1, 2`;
    const { rows } = await this.pool.query<{ month: string; key: string; count: string }>(text, values);
    const out: ReportCell[][] = [];
    for (let m = monthOf(range.from!); m <= range.to!; m = shiftPeriod('M', m, 1)) {
      const month = m.slice(0, 7);
      const of = (results: readonly string[]) =>
        rows.filter((r) => r.month === month && results.includes(r.key)).reduce((s, r) => s + Number(r.count), 0);
      const total = rows.filter((r) => r.month === month).reduce((s, r) => s + Number(r.count), 0);
      out.push([
        month,
        total,
        of(RESULT_SERIES.verifiedCount),
        of(RESULT_SERIES.notVerifiedCount),
        of(RESULT_SERIES.pendingCount),
        of(RESULT_SERIES.actionRequiredCount),
        of(RESULT_SERIES.cancelledCount),
      ]);
    }
    return out;
  }

  /** Per institute: verifications recorded in the range and completed, Verified and Not Verified, and the Verified share. */
  private async successRates(scope: AnalyticsScope, range: DateRange): Promise<ReportCell[][]> {
    const values: unknown[] = [];
    const { rows } = await this.pool.query<{ institute: string; country: string | null; verified: string; notVerified: string }>(
      `SELECT coalesce(v."instituteName", v."employerName", 'Unknown') AS institute, max(v."instituteCountry") AS country,
              count(*) FILTER (WHERE v.result = 'VERIFIED') AS verified, count(*) FILTER (WHERE v.result = 'NOT_VERIFIED') AS "notVerified"
         FROM rm_verification_list v
        WHERE v.result IN ('VERIFIED', 'NOT_VERIFIED') AND ${this.scopeSql(scope, values)}${this.dateSql(range, values)}
        GROUP BY 1 ORDER BY count(*) DESC, 1`,
      values,
    );
    return rows.map((r) => {
      const verified = Number(r.verified);
      const completed = verified + Number(r.notVerified);
      return [r.institute, r.country ?? '', completed, verified, Number(r.notVerified), Math.round((10000 * verified) / completed) / 100];
    });
  }
}
