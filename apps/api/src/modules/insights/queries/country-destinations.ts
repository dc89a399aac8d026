import type { CountryDestinationsView } from '@credence/api-contract';
import worldCountries from 'world-countries';
import destinationsData from '../data/destinations.json';

/**
 * Country Insights' Top Incoming and Top Outgoing Destinations (money 2.18), from data/destinations.json (built by
 * tools/insights/build-macro-series.mjs from OECD's shares of international students by country of origin, 2022).
 * The spec gives these columns no year (its mobility year, 2021, belongs to the Student Mobility charts), so they carry
 * the newest year OECD's copy has, 2022.
 */
interface Entry {
  incoming: { code: string; share: number }[] | null;
  outgoing: { code: string; students: number }[] | null;
}

/** The names the portal shows: world-countries' common names, which the catalogue's countries are seeded from. */
const nameOf = new Map(worldCountries.map((c) => [c.cca2, c.name.common]));
const names = (list: { code: string }[] | null) => list?.map((d) => nameOf.get(d.code) ?? d.code) ?? null;

const byCode: Record<string, CountryDestinationsView> = Object.fromEntries(
  Object.entries(destinationsData.countries as Record<string, Entry>).map(([code, e]) => [
    code,
    { incoming: names(e.incoming), outgoing: names(e.outgoing) },
  ]),
);

/** Per ISO alpha-2 code, the countries' names, largest first; countries the data says nothing about are left out. */
export function countryDestinations(): Record<string, CountryDestinationsView> {
  return byCode;
}
