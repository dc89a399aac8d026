/** The analytics period names of access 7.4 and the number of periods each one covers (money 2.15). */
export type AnalyticsRange = 'MONTHLY12' | 'MONTHLY24' | 'WEEKLY' | 'DAILY';

/** Request body of the POST /analytics/* calls: the period and, for the Applications view, the template ids. */
export interface AnalyticsRequest {
  range?: AnalyticsRange | number;
  templateIds?: (string | number)[];
}

/** One period of a chart: its first day (yyyy-MM-dd; weeks by their Monday) and a value. */
export interface PeriodCount {
  date: string;
  count: number;
}

/** POST /analytics/volume and /analytics/revenue (revenue counts in pounds, 2 decimals), oldest period first. */
export interface PeriodSeriesView {
  range: AnalyticsRange;
  currentPeriod: PeriodCount[];
}

/** A stat tile: the current period's count and the previous one's. */
export interface OverviewPair {
  first: number;
  second: number;
}

/** POST /analytics/overview: DAILY, WEEKLY and MONTHLY COUNT with their previous values. */
export interface OverviewView {
  day: OverviewPair;
  week: OverviewPair;
  month: OverviewPair;
}

/** A row of POST /analytics/verifications: verifications recorded in the period by their current result. */
export interface VerificationsChartRow {
  date: string;
  cancelledCount: number;
  notVerifiedCount: number;
  pendingCount: number;
  actionRequiredCount: number;
  verifiedCount: number;
}

export interface VerificationsChartView {
  range: AnalyticsRange;
  rows: VerificationsChartRow[];
}

/** POST /analytics/countries: volume per institute country, largest first. */
export interface CountryStatisticView {
  countryName: string;
  counter: number;
}

/** GET /analytics/home/volume: the home page's volume chart (2.5) for the caller (their own under a restricted view). */
export interface HomeVolumeView {
  periods: 12 | 52;
  currentPeriod: PeriodCount[];
}

/** The report kinds of money 2.16 and 9. */
export type ReportKind = 'monthlyoverview' | 'rejecteds' | 'pendings' | 'successrates';
