import type { CountryMetaView } from '@credence/api-contract';
import { FEW_TO_MANY, GOOD_TO_BAD, INSTITUTE_BREAKPOINTS, INSTITUTE_LEGEND, REGIONS, type MapRegion } from '@/shared/ui/charts';

/** The coverage map's kinds (money-and-insights.md 2.17), with the breakpoints and palettes of money 9. */
export interface MapKind {
  label: string;
  breakpoints: readonly number[];
  palette: readonly string[];
  /** The legend's texts, where the breakpoints' own do not read well (the institutions maps). */
  legend?: readonly string[];
  /** The country's value on this map; null leaves it off ('No data'). */
  value: (c: CountryMetaView) => number | null;
  /** Clicking a country also filters the institute search by it (the institutions map). */
  filtersSearch: boolean;
}

/** money 9: -1 (n/a) and non-numeric values are left off; institute numbers drop only non-numeric ones. */
const measured = (v: number) => (Number.isFinite(v) && v !== -1 ? v : null);
const numeric = (v: number) => (Number.isFinite(v) ? v : null);

export const MAP_KINDS: readonly MapKind[] = [
  {
    label: 'Annual Average Verification Times (Days)',
    breakpoints: [0, 0.1, 12, 19, 20],
    palette: GOOD_TO_BAD,
    value: (c) => measured(c.annualAverageVerificationDays),
    filtersSearch: false,
  },
  {
    label: 'Fraudulent Verifications (%)',
    breakpoints: [0, 5, 9, 10],
    palette: GOOD_TO_BAD,
    value: (c) => measured(c.fraudulentPercent),
    filtersSearch: false,
  },
  {
    label: 'Current Verification Times (Days)',
    breakpoints: [0, 0.1, 5, 19, 20],
    palette: GOOD_TO_BAD,
    value: (c) => measured(c.currentVerificationDays),
    filtersSearch: false,
  },
  {
    label: 'Current Number of Institutions',
    breakpoints: INSTITUTE_BREAKPOINTS,
    legend: INSTITUTE_LEGEND,
    palette: FEW_TO_MANY,
    value: (c) => numeric(c.institutes),
    filtersSearch: false,
  },
  {
    // Where the catalogue has institutes: a country without any is left off, and clicking one lists its institutes.
    label: 'Institutions Map',
    breakpoints: INSTITUTE_BREAKPOINTS,
    legend: INSTITUTE_LEGEND,
    palette: FEW_TO_MANY,
    value: (c) => (Number.isFinite(c.institutes) && c.institutes > 0 ? c.institutes : null),
    filtersSearch: true,
  },
];

/** The coverage map opens on the institutions (the page is the coverage of institutes by country, money 1). */
export const DEFAULT_MAP_KIND = 'Institutions Map';

/** /verification/coverage/{initRegion}: a region's code ('150', 'world', '001') or its name ('europe'); else the world. */
export function regionOf(initRegion: string | undefined): MapRegion {
  const wanted = (initRegion ?? '').trim().toLowerCase();
  if (wanted === '001') return 'world';
  return REGIONS.find((r) => r.id === wanted || r.label.toLowerCase() === wanted)?.id ?? 'world';
}

export function valuesOf(kind: MapKind, countries: readonly CountryMetaView[] | undefined): Record<string, number | null> {
  return Object.fromEntries((countries ?? []).map((c) => [c.id, kind.value(c)]));
}
