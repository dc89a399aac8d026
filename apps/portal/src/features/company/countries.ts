import type { Country } from '@/features/company/api/company';

/** Spec 5.2 and 9: GB first, then US, then the rest by name. */
export function orderCountries(countries: readonly Country[]): Country[] {
  const rank = (c: Country) => (c.id === 'GB' ? 0 : c.id === 'US' ? 1 : 2);
  return [...countries].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/** Spec 5.2: a case-insensitive substring match on the name; blank input lists every country. */
export function matchCountries(countries: readonly Country[], text: string): Country[] {
  const needle = text.trim().toLowerCase();
  const found = needle ? countries.filter((c) => c.name.toLowerCase().includes(needle)) : countries;
  return orderCountries(found);
}

/** Spec 5.2 and 5.5: the note above the VAT ID for VAT countries other than GB. */
export const VAT_NOTE =
  'Due to VAT charging rules in your country, if you do not enter a VAT number you will be charged VAT.';
