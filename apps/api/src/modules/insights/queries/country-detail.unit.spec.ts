import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '@credence/domain';
import worldCountries from 'world-countries';
import mobility from '../data/student-mobility.json';
import {
  celebrating,
  CountryDetail,
  inDepth,
  macroLevel,
  publicHolidays,
  studentMobility,
} from './country-detail';

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

  it("gives a country's 2021 inbound students and outbound ones (inbound minus UIS's net flow), null where UIS has none", () => {
    // uis/data.csv: 26637,AUS,2021,378439,, and MENF.5T8,AUS,2021,364961,UIS_EST, -> 378,439 - 364,961 = 13,478.
    expect(studentMobility('AU')).toEqual({ year: 2021, inbound: 378_439, outbound: 13_478 });
    // China sends more students than it receives: 26637,CHN,2021,221653 and MENF.5T8,CHN,2021,-817233.
    expect(studentMobility('CN')).toEqual({ year: 2021, inbound: 221_653, outbound: 1_038_886 });
    // The United Arab Emirates have an inbound total but no net flow for 2021: no outbound figure.
    expect(studentMobility('AE')).toEqual({ year: 2021, inbound: 208_453, outbound: null });
    // 26637,SUR,2021,0,,NIL: nil inbound students is a figure, 0; MENF.5T8,SUR,2021,-1066 makes 1,066 outbound.
    expect(studentMobility('SR')).toEqual({ year: 2021, inbound: 0, outbound: 1_066 });
    expect(studentMobility('AQ')).toEqual({ year: 2021, inbound: null, outbound: null });
    expect(new CountryDetail().of('au').studentMobility).toEqual(studentMobility('AU'));
    expect(
      new CountryDetail().of('AU').sources.some((s) => s.includes('UNESCO Institute for Statistics')),
    ).toBe(true);
  });

  it("gives a country's In-Depth sections from The World Factbook by ISO code, none where it has no profile", () => {
    // The factbook files Austria as au.json (GEC) and Australia as as.json: the ISO codes must not mix them up.
    const at = inDepth('AT');
    expect(at.map((s) => s.title)).toEqual(['Government', 'Economy', 'Migration', 'Education Systems']);
    expect(at[1].paragraphs.join(' ')).toContain('Austria');
    expect(inDepth('AU')[1].paragraphs.join(' ')).toContain('Australia');
    // Literacy's sub-fields (definition, total population, male, female) make one paragraph.
    expect(inDepth('EG')[3].paragraphs).toContain(
      'Literacy: definition: age 15 and over can read and write; total population: 73.8%; male: 82.2%; female: 65.4% (2015 est.).',
    );
    expect(inDepth('AX')).toEqual([]);
    // The factbook's '++' paragraph marks become paragraphs, and no character lost in its encoding (U+FFFD) shows.
    expect(inDepth('GB')[1].paragraphs.length).toBeGreaterThan(1);
    expect(inDepth('GB')[1].paragraphs.join(' ')).toContain('\u00A3375 billion');
    for (const c of worldCountries) {
      for (const text of inDepth(c.cca2).flatMap((s) => s.paragraphs)) expect(text).not.toMatch(/\+\+|\uFFFD/);
    }
    expect(new CountryDetail().of('gb').inDepth[0]).toEqual({
      title: 'Government',
      paragraphs: [
        'Government type: constitutional monarchy and Commonwealth realm.',
        'Legal system: common law system; has nonbinding judicial review of Acts of Parliament under the Human Rights Act of 1998.',
      ],
    });
  });

  it("matches every country's figures to the UIS extract's 2021 rows", () => {
    const alpha2 = new Map(worldCountries.map((c) => [c.cca3, c.cca2]));
    const rows = new Map<string, { value: number }>();
    const csv = readFileSync(join(__dirname, '../data/uis/data.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe('indicatorId,geoUnit,year,value,qualifier,magnitude');
    for (const line of csv.slice(1)) {
      const [indicator, geoUnit, year, value, , magnitude] = line.split(',');
      expect(alpha2.has(geoUnit)).toBe(true);
      // NA (not applicable) rows carry a 0 that is no figure; NIL ones a true 0.
      if (year === '2021' && magnitude !== 'NA')
        rows.set(`${indicator}|${alpha2.get(geoUnit)}`, { value: Number(value) });
    }
    const codes = new Set([...rows.keys()].map((k) => k.split('|')[1]));
    expect(Object.keys(mobility.countries).sort()).toEqual([...codes].sort());
    expect(codes.size).toBeGreaterThan(100);
    for (const code of codes) {
      const inbound = rows.get(`26637|${code}`);
      const net = rows.get(`MENF.5T8|${code}`);
      const expected = {
        inbound: inbound ? Math.round(inbound.value) : null,
        outbound: inbound && net ? Math.round(inbound.value - net.value) : null,
      };
      expect([code, studentMobility(code)]).toEqual([code, { year: 2021, ...expected }]);
    }
  });
});
