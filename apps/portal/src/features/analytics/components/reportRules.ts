import type { ReportKind } from '@credence/api-contract';

/** The report choices of money 2.16 and their files (money 9). */
export const REPORTS: readonly { kind: ReportKind; label: string; file: string; needsDates: boolean }[] = [
  { kind: 'monthlyoverview', label: 'Monthly Overview', file: 'MonthlyOverview.xlsx', needsDates: true },
  { kind: 'rejecteds', label: 'All Action Required', file: 'AllActionRequired.xlsx', needsDates: false },
  { kind: 'pendings', label: 'All Pending', file: 'AllPending.xlsx', needsDates: false },
  { kind: 'successrates', label: 'Success Rates', file: 'SuccessRates.xlsx', needsDates: true },
];

export const SELECT_REPORT = 'Select a report to download.';
export const NEEDS_DATES = 'This report needs a date range selected.';
export const NEEDS_APPLICATIONS = 'This report needs selected Application(s).';

const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The dialog's date shortcuts (money 2.16) from the user's today (YYYY-MM-DD, the browser's day: the To of This month
 * is never a day the user has not reached yet); Last 12 months is 365 days back.
 */
export function shortcut(kind: 'thisMonth' | 'lastMonth' | 'last12', today: string): { from: string; to: string } {
  const day = new Date(`${today}T00:00:00.000Z`);
  const y = day.getUTCFullYear();
  const m = day.getUTCMonth();
  switch (kind) {
    case 'thisMonth':
      return { from: iso(new Date(Date.UTC(y, m, 1))), to: today };
    case 'lastMonth':
      return { from: iso(new Date(Date.UTC(y, m - 1, 1))), to: iso(new Date(Date.UTC(y, m, 0))) };
    case 'last12':
      return { from: iso(new Date(day.getTime() - 365 * 86_400_000)), to: today };
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/** What stops a download (money 5): no report, or a report that needs dates without both. */
export function reportProblem(kind: ReportKind | '', from: string, to: string): string | null {
  const report = REPORTS.find((r) => r.kind === kind);
  if (!report) return SELECT_REPORT;
  if (report.needsDates && (!from || !to)) return NEEDS_DATES;
  return null;
}
