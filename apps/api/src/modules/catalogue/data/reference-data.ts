import worldCountries from 'world-countries';

/** The UN M49 groups the coverage map uses (money-and-insights.md 9): World and the five continents. */
export const MAP_REGIONS = [
  { id: '001', name: 'World', parentId: null, sort: 0 },
  { id: '150', name: 'Europe', parentId: '001', sort: 1 },
  { id: '142', name: 'Asia', parentId: '001', sort: 2 },
  { id: '002', name: 'Africa', parentId: '001', sort: 3 },
  { id: '019', name: 'Americas', parentId: '001', sort: 4 },
  { id: '009', name: 'Oceania', parentId: '001', sort: 5 },
] as const;

const REGION_OF_CONTINENT: Record<string, string | null> = {
  Europe: '150',
  Asia: '142',
  Africa: '002',
  Americas: '019',
  Oceania: '009',
  // Antarctica and the southern islands belong to no continent of the map; they are in World only.
  Antarctic: null,
};

/** access.md 3.6: GB and the EU member states pay VAT. */
export const VAT_COUNTRIES: ReadonlySet<string> = new Set([
  'GB',
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]);

export interface CountrySeed {
  /** ISO 3166-1 alpha-2. */
  id: string;
  /** Common English name. */
  name: string;
  vat: boolean;
  disabled: boolean;
  /** ISO 3166-1 numeric, which the map service also understands. */
  ccn3: string;
  /** M49 continent of the map, or null (World only). */
  regionId: string | null;
  subregion: string | null;
  capital: string | null;
  /** ISO 639-3 codes of the official languages (the demo catalogue names institutes in some of them). */
  languages: string[];
  demonym: string | null;
  independent: boolean;
}

/** Every officially assigned ISO 3166 country, from the world-countries package. */
export function buildCountries(): CountrySeed[] {
  return worldCountries
    .filter((c) => c.status === 'officially-assigned' && c.cca2 && c.ccn3)
    .map((c) => ({
      id: c.cca2,
      name: c.name.common,
      vat: VAT_COUNTRIES.has(c.cca2),
      disabled: false,
      ccn3: c.ccn3,
      regionId: REGION_OF_CONTINENT[c.region] ?? null,
      subregion: c.subregion || null,
      capital: c.capital?.[0] ?? null,
      languages: Object.keys(c.languages ?? {}),
      demonym: c.demonyms?.eng?.m ?? null,
      independent: c.independent,
    }))
    .sort(compareCountries);
}

/** access.md 5.2: GB first, then US, then the rest by name. */
export function compareCountries(a: { id: string; name: string }, b: { id: string; name: string }): number {
  const rank = (id: string) => (id === 'GB' ? 0 : id === 'US' ? 1 : 2);
  return rank(a.id) - rank(b.id) || a.name.localeCompare(b.name, 'en');
}

/** access.md 3.6: id -1 is the individuals' industry and is left out of the industry list. */
export const INDIVIDUAL_INDUSTRY_ID = -1;

export const INDUSTRIES: readonly { id: number; name: string }[] = [
  { id: INDIVIDUAL_INDUSTRY_ID, name: 'Individual' },
  { id: 1, name: 'Accounting & Finance' },
  { id: 2, name: 'Aerospace & Defence' },
  { id: 3, name: 'Agriculture' },
  { id: 4, name: 'Automotive' },
  { id: 5, name: 'Banking' },
  { id: 6, name: 'Charity & Non-profit' },
  { id: 7, name: 'Construction & Engineering' },
  { id: 8, name: 'Consulting' },
  { id: 9, name: 'Education (Higher)' },
  { id: 10, name: 'Education (Schools)' },
  { id: 11, name: 'Energy & Utilities' },
  { id: 12, name: 'Government & Public Sector' },
  { id: 13, name: 'Healthcare' },
  { id: 14, name: 'Hospitality & Tourism' },
  { id: 15, name: 'Insurance' },
  { id: 16, name: 'Information Technology' },
  { id: 17, name: 'Legal' },
  { id: 18, name: 'Manufacturing' },
  { id: 19, name: 'Media & Publishing' },
  { id: 20, name: 'Pharmaceuticals' },
  { id: 21, name: 'Property & Real Estate' },
  { id: 22, name: 'Recruitment & Staffing' },
  { id: 23, name: 'Retail' },
  { id: 24, name: 'Telecommunications' },
  { id: 25, name: 'Transport & Logistics' },
  { id: 26, name: 'Other' },
];
