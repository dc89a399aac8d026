import { describe, expect, it } from 'vitest';
import { celebratingText, countryRows, formatDestinations, formatRate, formatTurnaround, searchRows, sortRows } from '@/features/country-insights/components/rows';

const meta = (id: string, name: string, institutes = 0) => ({ id, ccn3: null, name, regionId: '150', institutes, annualAverageVerificationDays: -1, currentVerificationDays: -1, fraudulentPercent: -1 });

describe('Country Insights rows (money 2.18)', () => {
  it('joins the figures by name, searches case-insensitively and sorts by name', () => {
    const rows = countryRows([meta('GB', 'United Kingdom', 3), meta('FR', 'France')], {
      months: 12,
      averageDays: 2,
      fraudPercent: 1,
      countries: [{ country: 'United Kingdom', completed: 4, averageDays: 1, fraudPercent: 25 }],
      destinations: { GB: { incoming: ['China', 'India', 'Nigeria'], outgoing: null } },
    });
    expect(rows[0]).toMatchObject({ name: 'United Kingdom', turnaround: 1, rateFake: 25, instituteNumbers: 3 });
    expect(rows[0]).toMatchObject({ incoming: ['China', 'India', 'Nigeria'], outgoing: null });
    expect(rows[1]).toMatchObject({ name: 'France', turnaround: -1, rateFake: -1, incoming: null, outgoing: null });
    expect(searchRows(rows, 'KING').map((r) => r.id)).toEqual(['GB']);
    expect(searchRows(rows, '  ')).toHaveLength(2);
    expect(searchRows(rows, 'zz')).toEqual([]);
    expect(sortRows(rows, 'asc').map((r) => r.id)).toEqual(['FR', 'GB']);
    expect(sortRows(rows, 'desc').map((r) => r.id)).toEqual(['GB', 'FR']);
  });

  it('words turnaround, rates and the holiday alert as the spec does', () => {
    expect(formatTurnaround(1)).toBe('1 day');
    expect(formatTurnaround(12.345)).toBe('12.35 days');
    expect(formatTurnaround(-1)).toBe('n/a');
    expect(formatRate(-1)).toBe('n/a');
    expect(formatRate(7.5)).toBe('7.5%');
    expect(formatDestinations(['China', 'India', 'Nepal'])).toBe('China, India, Nepal');
    expect(formatDestinations(null)).toBe('n/a');
    expect(celebratingText('France', [])).toBeNull();
    expect(celebratingText('France', ['A'])).toBe('France is currently celebrating A. Unfortunately, this may slow down verification times.');
    expect(celebratingText('France', ['A', 'B', 'C'])).toBe('France is currently celebrating A, B & C. Unfortunately, this may slow down verification times.');
  });
});
