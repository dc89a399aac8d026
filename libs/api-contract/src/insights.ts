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

/** GET /application/template (money 7): the caller's company's application templates (money 3: id, name, paymentType). */
export interface AnalyticsTemplateView {
  id: string;
  name: string;
  /** UPFRONT when the organisation pays for its applications, APPLICANT when the applicant pays. */
  paymentType: 'UPFRONT' | 'APPLICANT';
}

/** One country's verification figures over the last 12 months (money 2.18), from the analytics read model. */
export interface CountryFiguresView {
  /** The institutes' country name, as the catalogue names it. */
  country: string;
  /** Verifications completed there (Verified or Not Verified). */
  completed: number;
  /** Mean days from submission to completion, 2 decimals; -1 when none completed. */
  averageDays: number;
  /** Fraudulent outcomes (Not Verified, not-accredited institutions) per 100 outcomes, 2 decimals; -1 when none. */
  fraudPercent: number;
}

/**
 * A country's Top Incoming Destinations (where its international students come from, by share) and Top Outgoing
 * Destinations (where its students study abroad, by number, among the countries OECD's data breaks down by origin):
 * up to three country names each, largest first; null where the data has none ('n/a').
 */
export interface CountryDestinationsView {
  incoming: string[] | null;
  outgoing: string[] | null;
}

/** GET /insights/countries: every country with outcomes, and the global averages shown next to each (money 2.18). */
export interface CountryInsightsView {
  months: number;
  countries: CountryFiguresView[];
  averageDays: number;
  fraudPercent: number;
  /** Top Incoming and Outgoing Destinations per ISO alpha-2 code (OECD, 2022); a country not listed has neither. */
  destinations: Record<string, CountryDestinationsView>;
}

/** A public holiday of a country this year (money 3, 2.18): yyyy-MM-dd days; regions empty means all regions. */
export interface PublicHolidayView {
  event: string;
  date: string;
  /** The last day, for a holiday of more than one day. */
  endDate: string | null;
  regions: string[];
}

/** GET /insights/countries/{code}: one country's expanded row (money 2.18). */
export interface CountryDetailView {
  code: string;
  name: string;
  capital: string;
  population: number | null;
  /** Comma-joined, as money 3 holds them. */
  languages: string;
  government: string | null;
  religion: string | null;
  /** This year's public and bank holidays, in date order. */
  holidays: PublicHolidayView[];
  /** The holidays that today (UTC) falls within. */
  celebrating: string[];
  /** Macro-Level charts: the newest years the source has; empty where it has none ('Not enough current data available'). */
  macro: { netMigrationPer1000: YearValueView[]; gdpPerCapita: YearValueView[] };
  /**
   * Student Mobility charts: internationally mobile students of the mobility year (money 9: 2021) coming into and
   * leaving the country (UNESCO UIS; outbound is inbound minus UIS's net flow); null where UIS has no figure ('Not
   * enough current data available').
   */
  studentMobility: { year: number; inbound: number | null; outbound: number | null };
  /**
   * In-Depth text (money 2.18): Government, Economy, Migration and Education Systems, in that order, each its title and
   * paragraphs of The World Factbook's own text; a section the factbook has no text for is left out, and the list is
   * empty where the factbook has no profile for the country.
   */
  inDepth: InDepthSectionView[];
  /** The active country notifications staff wrote, newest first. */
  notifications: CountryNotificationView[];
  /** Where the figures come from, named on the page. */
  sources: string[];
}

/** An In-Depth section of a country's expanded row: a title and its paragraphs. */
export interface InDepthSectionView {
  title: string;
  paragraphs: string[];
}

export interface YearValueView {
  year: number;
  value: number;
}

/** A country notification (money 2.18): a message with an optional link. */
export interface CountryNotificationView {
  id: number;
  message: string;
  link: string | null;
  /** What the link reads as; null: the address itself. */
  linkName: string | null;
}
