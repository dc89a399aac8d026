import { describe, expect, it } from 'vitest';
import { matchCountries } from '@/features/company/countries';

const list = [
  { id: 'FR', name: 'France', vat: true },
  { id: 'US', name: 'United States', vat: false },
  { id: 'AE', name: 'United Arab Emirates', vat: false },
  { id: 'GB', name: 'United Kingdom', vat: true },
];

describe('country search (spec 5.2)', () => {
  it('lists everything for blank input, GB first, then US, then the rest by name', () => {
    expect(matchCountries(list, ' ').map((c) => c.id)).toEqual(['GB', 'US', 'FR', 'AE']);
  });
  it('matches a case-insensitive substring of the name', () => {
    expect(matchCountries(list, 'UNITED').map((c) => c.id)).toEqual(['GB', 'US', 'AE']);
    expect(matchCountries(list, 'anc').map((c) => c.id)).toEqual(['FR']);
    expect(matchCountries(list, 'zz')).toEqual([]);
  });
});
