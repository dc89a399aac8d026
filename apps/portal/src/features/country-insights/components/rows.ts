import type { CountryInsightsView, CountryMetaView } from '@credence/api-contract';

/** A row of the Country Insights table (money 3's country insight row, from our own figures). */
export interface CountryRow {
  id: string;
  name: string;
  regionId: string | null;
  /** Average verification time in days; -1 = n/a. */
  turnaround: number;
  /** Fraudulent verifications %; -1 = n/a. */
  rateFake: number;
  instituteNumbers: number;
  /** Top Incoming Destinations: where its international students come from, largest share first; null = n/a. */
  incoming: string[] | null;
  /** Top Outgoing Destinations: where its students study abroad, most first; null = n/a. */
  outgoing: string[] | null;
}

export const PER_PAGE = 15;
export const NO_MATCH = 'No countries match your search';

/** The catalogue's countries with the analytics figures of the same name and the destinations of the same code. */
export function countryRows(countries: readonly CountryMetaView[] | undefined, figures: CountryInsightsView | undefined): CountryRow[] {
  const byName = new Map((figures?.countries ?? []).map((f) => [f.country.toLowerCase(), f]));
  return (countries ?? []).map((c) => {
    const f = byName.get(c.name.toLowerCase());
    return {
      id: c.id,
      name: c.name,
      regionId: c.regionId,
      turnaround: f?.averageDays ?? -1,
      rateFake: f?.fraudPercent ?? -1,
      instituteNumbers: c.institutes,
      incoming: figures?.destinations[c.id]?.incoming ?? null,
      outgoing: figures?.destinations[c.id]?.outgoing ?? null,
    };
  });
}

/** money 2.18: a case-insensitive substring of the name; blank lists all. */
export function searchRows(rows: readonly CountryRow[], text: string): CountryRow[] {
  const needle = text.trim().toLowerCase();
  return needle ? rows.filter((r) => r.name.toLowerCase().includes(needle)) : [...rows];
}

export const sortRows = (rows: readonly CountryRow[], direction: 'asc' | 'desc') =>
  [...rows].sort((a, b) => (direction === 'asc' ? 1 : -1) * a.name.localeCompare(b.name));

/** money 2.18, 9: '1 day' or 'N days', rounded to 2 decimals; -1 shows n/a. */
export const formatTurnaround = (days: number) => (days === -1 || !Number.isFinite(days) ? 'n/a' : `${Math.round(days * 100) / 100} ${days === 1 ? 'day' : 'days'}`);
/** A destinations cell: the names comma-separated, 'n/a' where there are none. */
export const formatDestinations = (names: readonly string[] | null) => (names?.length ? names.join(', ') : 'n/a');
export const formatRate = (rate: number) => (rate === -1 || !Number.isFinite(rate) ? 'n/a' : `${Math.round(rate * 100) / 100}%`);

/** '{country} is currently celebrating A, B & C. Unfortunately, this may slow down verification times.' */
export function celebratingText(country: string, events: readonly string[]): string | null {
  if (!events.length) return null;
  const list = events.length === 1 ? events[0] : `${events.slice(0, -1).join(', ')} & ${events[events.length - 1]}`;
  return `${country} is currently celebrating ${list}. Unfortunately, this may slow down verification times.`;
}
