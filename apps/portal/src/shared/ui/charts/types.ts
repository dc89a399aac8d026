import type { CountryInfo } from '@/shared/ui/charts/map/countries';

export interface ChartSeries {
  /** The legend's and the spreadsheet column's name, word for word from the spec ('Volume', 'Verified'). */
  label: string;
  /** One value per category; null where there is none. */
  data: readonly (number | null)[];
  color?: string;
}

export interface CartesianChartProps {
  /** The chart's accessible name and the caption of its data table, e.g. 'VOLUME'. */
  title: string;
  /** The x-axis labels, already formatted (a weekly chart labels each week by its Monday). */
  categories: readonly string[];
  /** What the categories are, heading them in the data table: 'Date' (the default) or 'Country'. */
  categoryLabel?: string;
  series: readonly ChartSeries[];
  height?: number;
  valueFormatter?: (value: number) => string;
  /** Shown instead of the chart when no series has a value (Country Insights: 'Not enough current data available'). */
  emptyText?: string;
  loading?: boolean;
}

export interface BarChartProps extends CartesianChartProps {
  /** Bars of each category stacked into one. */
  stacked?: boolean;
  /** Categories down the side, bars across (long names such as countries). */
  horizontal?: boolean;
  /** The value axis' upper end, so that charts shown side by side share one scale; fitted to the data when left out. */
  valueMax?: number;
  /** Each bar's value written at its end (valueFormatter) instead of a value axis, for charts of a bar or two. */
  valueLabels?: boolean;
}

/** The map regions of money-and-insights.md 9 (UN M49): world, 150 Europe, 142 Asia, 002 Africa, 019 Americas, 009 Oceania. */
export type MapRegion = 'world' | '150' | '142' | '002' | '019' | '009';

export interface WorldMapProps {
  /** The map's accessible name and the caption of its data table, e.g. 'Fraudulent Verifications (%)'. */
  title: string;
  /** A value per country, keyed by ISO alpha-2, alpha-3 or numeric code. Values below the first breakpoint, null or
   * not numbers are left off the map (the screen drops -1 where its metric says so). */
  values: Readonly<Record<string, number | null | undefined>>;
  /** Ascending class breaks (money 9: turnaround 0/0.1/12/19/20, fraud 0/5/9/10, institutes 0/0.001/2000/6150). */
  breakpoints: readonly number[];
  /** Colours from the first class to the last; spread over as many classes as there are breakpoints. */
  palette?: readonly string[];
  /** The legend's text per class, where the breakpoints' own ('0 to 0.1', '20 and over') do not read well. */
  legend?: readonly string[];
  formatValue?: (value: number) => string;
  region?: MapRegion;
  /** Clicking (or pressing Enter on) a country; countries with a value become focusable when this is given. */
  onSelectCountry?: (country: CountryInfo) => void;
  height?: number;
}
