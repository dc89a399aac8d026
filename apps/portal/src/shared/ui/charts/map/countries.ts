import { COUNTRY_CODES, type CountryCodeRow } from '@/shared/ui/charts/map/countryCodes';

export interface CountryInfo {
  alpha2: string;
  alpha3: string;
  /** ISO 3166-1 numeric, world-atlas's feature id; '' for Kosovo, which world-atlas draws without one. */
  numeric: string;
  /** M49 map region (150 Europe, 142 Asia, 002 Africa, 019 Americas, 009 Oceania), '' for none. */
  region: string;
  name: string;
}

const info = ([alpha2, alpha3, numeric, region, name]: CountryCodeRow): CountryInfo => ({
  alpha2,
  alpha3,
  numeric,
  region,
  name,
});
const ALL = COUNTRY_CODES.map(info);
const BY_CODE = new Map<string, CountryInfo>();
for (const c of ALL) {
  BY_CODE.set(c.alpha2, c);
  BY_CODE.set(c.alpha3, c);
  if (c.numeric) BY_CODE.set(c.numeric, c);
}
const BY_NAME = new Map(ALL.map((c) => [c.name.toLowerCase(), c]));

/** A country by ISO alpha-2 ('GB'), alpha-3 ('GBR') or numeric ('826', 826), case-insensitive; null if unknown. */
export function countryByCode(code: string | number): CountryInfo | null {
  const key = typeof code === 'number' ? String(code).padStart(3, '0') : code.trim().toUpperCase();
  return BY_CODE.get(/^\d{1,3}$/.test(key) ? key.padStart(3, '0') : key) ?? null;
}

/** A country by its common English name ('United Kingdom'), as the analytics country rows name them. */
export const countryByName = (name: string): CountryInfo | null =>
  BY_NAME.get(name.trim().toLowerCase()) ?? null;

/** world-atlas draws a few lands without an ISO id; the ones ISO codes exist for are matched by name. */
export function countryOfFeature(id: string | number | undefined, atlasName: string): CountryInfo | null {
  if (id !== undefined && id !== '') return countryByCode(id);
  return atlasName === 'Kosovo' ? countryByCode('XK') : null;
}
