import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import worldCountries from 'world-countries';
import data from '../data/destinations.json';
import { countryDestinations } from './country-destinations';

const dataDir = join(__dirname, '../data');
const nameOf = new Map(worldCountries.map((c) => [c.cca2, c.name.common]));
const alpha2 = new Map(worldCountries.map((c) => [c.cca3, c.cca2]));

/** The OECD copy's lines: REF_AREA (the country of study), its name, the students' country, year, share %. */
function oecdRows() {
  const lines = readFileSync(join(dataDir, 'oecd/Share_students_origin_to_destination.csv'), 'utf8').split(
    /\r?\n/,
  );
  expect(lines[0]).toBe('REF_AREA,Origin,Destination,TIME_PERIOD,Percentage_of_students');
  return lines
    .slice(1)
    .filter(Boolean)
    .map((l) => {
      const [refArea, , from, year, value] = l.split(',');
      return { refArea, from, year, share: value === '' ? 0 : Number(value) };
    });
}

describe('Country Insights: Top Incoming and Top Outgoing Destinations (money 2.18; OECD 2022)', () => {
  const all = countryDestinations();

  it("names where Australia's and Austria's international students come from, by OECD's shares", () => {
    // AUS,Australia,China (People’s Republic of),2022,23.00978778; India 18.12401343; Nepal 10.13463104.
    expect(all.AU.incoming).toEqual(['China', 'India', 'Nepal']);
    // AUT: Germany 42.76018018, Italy 11.28187846, Bosnia and Herzegovina 3.014594646 (Europe 84.27, Asia 8.86 are regions).
    expect(all.AT.incoming).toEqual(['Germany', 'Italy', 'Bosnia and Herzegovina']);
    // OECD's 'Korea' is South Korea, its 'Democratic People’s Republic of Korea' the North: USA 4.592429327 and 0.000550165.
    expect(all.US.incoming).toEqual(['China', 'India', 'South Korea']);
    // Mexico's rows name two countries; the rest is 'Latin America and the Caribbean unspecified'.
    expect(all.MX.incoming).toEqual(['United States', 'Canada']);
  });

  it("names where a country's students go, by share x the destination's UIS inbound total, among OECD's countries of study", () => {
    // USA,...,Australia,2022,0.458968535 x 833,204 (UIS 2021: USA has no 2022 total) = 3,824;
    // NZL 9.872539401 x 25,389.5 = 2,507; GBR 0.295882098 x 674,931 = 1,997.
    expect(data.countries.AU.outgoing).toEqual([
      { code: 'US', students: 3_824 },
      { code: 'NZ', students: 2_507 },
      { code: 'GB', students: 1_997 },
    ]);
    expect(all.AU.outgoing).toEqual(['United States', 'New Zealand', 'United Kingdom']);
    expect(data.inboundTotals.US).toEqual({ year: 2021, students: 833_204 });
    expect(data.inboundTotals.GB).toEqual({ year: 2022, students: 674_931 });
    // Countries OECD does not break down (China, Nepal) still have students in those that it does.
    expect(all.CN).toEqual({ incoming: null, outgoing: ['United States', 'United Kingdom', 'Japan'] });
    expect(all.NP).toEqual({ incoming: null, outgoing: ['Australia', 'Japan', 'United States'] });
    // Côte d’Ivoire, spelled with a typographic apostrophe by OECD, is mapped: France first.
    expect(all.CI.outgoing?.[0]).toBe('France');
  });

  it('leaves out what the data cannot say: regions only, no shares, no such country', () => {
    // Slovenia's rows give regions only; Costa Rica's and Peru's shares are empty.
    expect(all.SI.incoming).toBeNull();
    expect(all.CR.incoming).toBeNull();
    expect(all.PE.incoming).toBeNull();
    expect(all.AQ).toBeUndefined();
    for (const code of Object.keys(all)) expect(nameOf.has(code)).toBe(true);
  });

  it("matches every country's top three origins to the OECD copy's largest shares", () => {
    // OECD's spellings of the names the top threes hold, and the portal's (world-countries' common names).
    const OECD_SPELLING: Record<string, string> = {
      'China (People’s Republic of)': 'China',
      'Viet Nam': 'Vietnam',
      'Hong Kong (China)': 'Hong Kong',
      'Syrian Arab Republic': 'Syria',
      'Slovak Republic': 'Slovakia',
      Korea: 'South Korea',
      'Cabo Verde': 'Cape Verde',
    };
    const names = new Map<string, string[]>();
    const byStudy = new Map<string, { from: string; share: number }[]>();
    for (const r of oecdRows()) {
      const study = alpha2.get(r.refArea);
      if (!study || r.share <= 0) continue;
      byStudy.set(study, [...(byStudy.get(study) ?? []), r]);
    }
    expect(byStudy.has('EU')).toBe(false);
    expect(byStudy.size).toBe(41); // 43 countries of study; Costa Rica's and Peru's rows are empty
    for (const [study, rows] of byStudy) {
      const countries = rows.filter(
        (r) =>
          !/^(World|Africa|Asia|Europe|Latin America|Northern America|Oceania|Other countries)/.test(r.from),
      );
      const top = countries.sort((a, b) => b.share - a.share).slice(0, 3);
      names.set(
        study,
        top.map((r) => r.from),
      );
      const shown = top.map((r) => OECD_SPELLING[r.from] ?? r.from);
      expect([study, all[study]?.incoming ?? []]).toEqual([study, shown]);
    }
    expect(names.get('AU')).toEqual(['China (People’s Republic of)', 'India', 'Nepal']);
    expect(names.get('KR')).toEqual(['China (People’s Republic of)', 'Viet Nam', 'Uzbekistan']);
    expect(Object.values(all).filter((d) => d.incoming).length).toBe(40);
  });
});
