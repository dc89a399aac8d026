import { DomainError } from '@credence/domain';
import { celebrating, CountryDetail, macroLevel, publicHolidays } from './country-detail';

describe('Country Insights detail (money 2.18, 4)', () => {
  it("reads the United Kingdom's capital, population, languages and this year's holidays with their regions", () => {
    const detail = new CountryDetail();
    detail.today = () => '2026-12-25';
    const gb = detail.of('gb');
    expect(gb).toMatchObject({ code: 'GB', name: 'United Kingdom', capital: 'London', languages: 'English' });
    expect(gb.population).toBeGreaterThan(60_000_000);
    const christmas = gb.holidays.find((h) => h.date === '2026-12-25');
    expect(christmas).toMatchObject({ event: 'Christmas Day', regions: [] });
    // St Andrew's Day is kept in Scotland only.
    expect(gb.holidays.find((h) => h.event.includes('Andrew'))?.regions).toEqual(['Scotland']);
    expect(gb.celebrating).toEqual(['Christmas Day']);
    expect(() => detail.of('XX')).toThrow(DomainError);
    expect(() => detail.of('GBR')).toThrow('The country must be an ISO 3166 alpha-2 code.');
  });

  it('counts a holiday as today within its start and end days', () => {
    const holidays = [
      { event: 'Golden Week', date: '2026-05-01', endDate: '2026-05-05', regions: [] },
      { event: 'Labour Day', date: '2026-05-01', endDate: null, regions: [] },
    ];
    expect(celebrating(holidays, '2026-05-01')).toEqual(['Golden Week', 'Labour Day']);
    expect(celebrating(holidays, '2026-05-05')).toEqual(['Golden Week']);
    expect(celebrating(holidays, '2026-05-06')).toEqual([]);
    expect(publicHolidays('FR', 2026).some((h) => h.date === '2026-07-14')).toBe(true);
  });

  it("gives a country's Macro-Level series oldest first, and empty ones where the World Bank has none", () => {
    const de = macroLevel('DE');
    expect(de.gdpPerCapita.length).toBe(10);
    expect(de.gdpPerCapita[0].year).toBeLessThan(de.gdpPerCapita[9].year);
    // Germany's GDP per capita is tens of thousands of dollars; net migration per 1000 is a small positive rate.
    expect(de.gdpPerCapita.every((p) => p.value > 20_000 && p.value < 100_000)).toBe(true);
    expect(de.netMigrationPer1000.every((p) => Math.abs(p.value) < 30)).toBe(true);
    expect(macroLevel('AQ')).toEqual({ netMigrationPer1000: [], gdpPerCapita: [] });
    expect(new CountryDetail().of('DE').macro).toEqual(de);
  });
});
