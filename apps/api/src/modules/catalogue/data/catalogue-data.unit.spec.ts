import { buildDemoCatalogue, UNIVERSITY_OF_DEMO_ID } from './demo-catalogue';
import { buildFixedInstitutes, EMPLOYMENT_SUMMARY, HIGH_SCHOOL_SUMMARY } from './fixed-institutes';
import { buildCountries, INDUSTRIES, MAP_REGIONS } from './reference-data';

const countries = buildCountries();

describe('reference data', () => {
  it('lists every officially assigned ISO country, GB first, then US, then by name', () => {
    expect(countries).toHaveLength(249);
    expect(countries.slice(0, 4).map((c) => c.id)).toEqual(['GB', 'US', 'AF', 'AX']);
    const rest = countries.slice(2).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('flags VAT for GB and the 27 EU member states only', () => {
    const vat = countries.filter((c) => c.vat).map((c) => c.id);
    expect(vat).toHaveLength(28);
    expect(vat).toEqual(expect.arrayContaining(['GB', 'DE', 'FR', 'IE', 'CY']));
    expect(vat).not.toContain('NO');
    expect(vat).not.toContain('CH');
  });

  it('puts each country in its map region', () => {
    const byId = new Map(countries.map((c) => [c.id, c]));
    expect(byId.get('GB')?.regionId).toBe('150');
    expect(byId.get('JP')?.regionId).toBe('142');
    expect(byId.get('KE')?.regionId).toBe('002');
    expect(byId.get('BR')?.regionId).toBe('019');
    expect(byId.get('FJ')?.regionId).toBe('009');
    expect(byId.get('AQ')?.regionId).toBeNull();
    expect(MAP_REGIONS.map((r) => r.id)).toEqual(['001', '150', '142', '002', '019', '009']);
  });

  it('has the individual industry -1 and about 25 others', () => {
    expect(INDUSTRIES.find((i) => i.id === -1)?.name).toBe('Individual');
    expect(INDUSTRIES.length).toBeGreaterThanOrEqual(25);
  });
});

describe('fixed institutes', () => {
  const { institutes } = buildFixedInstitutes(countries);
  const ids = institutes.map((i) => i.id);

  it('has the fixed codes of the spec, high school per country with boards, and employment per country', () => {
    expect(ids).toEqual(
      expect.arrayContaining([
        'QC_EMP_VER',
        'QC_ID_VER_TRUST_ID',
        'QC_ARF_VER',
        'QC_EL_VER',
        'QC_HS_VER_GB',
        'QC_EMP_VER_GB',
      ]),
    );
    expect(institutes.filter((i) => i.name === HIGH_SCHOOL_SUMMARY).length).toBeGreaterThan(30);
    expect(institutes.filter((i) => i.name === EMPLOYMENT_SUMMARY).length).toBeGreaterThan(150);
    const boards = institutes.filter((i) => i.parentId === 'QC_HS_VER_NG');
    expect(boards.map((b) => b.id)).toContain('QC_HS_VER_SUB_NG_WEST_AFRICAN_EXAMINATIONS_COUNCIL_WAEC');
    expect(new Set(ids).size).toBe(ids.length);
    expect(institutes.every((i) => !i.searchable)).toBe(true);
  });
});

describe('demo catalogue', () => {
  const demo = buildDemoCatalogue(countries);

  it('is big and spread: at least 2,000 institutes in at least 150 countries, ids unique', () => {
    expect(demo.institutes.length).toBeGreaterThanOrEqual(2000);
    expect(new Set(demo.institutes.map((i) => i.countryId)).size).toBeGreaterThanOrEqual(150);
    const ids = demo.institutes.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is the same on every run', () => {
    const again = buildDemoCatalogue(countries);
    expect(again.institutes.slice(0, 50)).toEqual(demo.institutes.slice(0, 50));
    expect(again.institutes.map((i) => i.name)).toEqual(demo.institutes.map((i) => i.name));
  });

  it('includes University of Demo and the variety the wizard needs', () => {
    expect(demo.institutes.find((i) => i.id === UNIVERSITY_OF_DEMO_ID)?.name).toBe('University of Demo');
    const count = (p: (i: (typeof demo.institutes)[number]) => boolean) => demo.institutes.filter(p).length;
    expect(count((i) => i.readOnly)).toBeGreaterThan(10);
    expect(count((i) => i.documentRequirements.some((d) => d.type === 'CONSENT_INSTITUTE'))).toBeGreaterThan(
      50,
    );
    expect(count((i) => i.allowsCurrentStudent)).toBeGreaterThan(100);
    expect(count((i) => i.minYear !== null)).toBeGreaterThan(50);
    expect(count((i) => i.type === 'PROF_LIC')).toBeGreaterThan(10);
    expect(count((i) => i.otherNames.length > 0)).toBeGreaterThan(100);
    expect(demo.refData.length).toBeGreaterThan(1000);
  });

  it('grows to a requested size for the benchmark', () => {
    const big = buildDemoCatalogue(countries, { total: 20000, idPrefix: 'b' });
    expect(big.institutes.length).toBeGreaterThan(19000);
    const ids = big.institutes.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
