#!/usr/bin/env node
// Builds the data of Country Insights' expanded rows (money 2.18) in apps/api/src/modules/insights/data/:
// - macro-series.json (Macro-Level charts) from World Bank World Development Indicators (CC BY 4.0), as packaged by
//   github.com/datasets/world-development-indicators;
// - student-mobility.json (Student Mobility charts, mobility year 2021) from the UNESCO Institute for Statistics' bulk
//   data (CC BY-SA 4.0), indicators 26637 (inbound students) and MENF.5T8 (net flow, inbound - outbound).
//
//   node tools/insights/build-macro-series.mjs                   rebuild both JSONs from the extracts kept in the repo
//   node tools/insights/build-macro-series.mjs --from <dir>      first refresh the WDI extracts from that repository's
//                                                               indicators/ folder (or a checkout of it), then rebuild
//   node tools/insights/build-macro-series.mjs --uis <data.csv>  first refresh the UIS extract from a UIS bulk export's
//                                                               data.csv holding both indicators, then rebuild
//
// The extracts keep countries only (ISO 3166 alpha-3 codes known to world-countries; regional aggregates such as the
// World Bank's EUR or WLD and UIS's 'SDG: ...' regions are dropped) and the years from FIRST_YEAR on: the WDI ones as
// code,year,value, the UIS one as the export's own lines, unchanged.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const worldCountries = require('world-countries');
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dataDir = join(root, 'apps/api/src/modules/insights/data');
const extractDir = join(dataDir, 'wdi');
const FIRST_YEAR = 2015;
/** How many of the newest years each chart shows. */
const YEARS_SHOWN = 10;
const INDICATORS = ['sm.pop.netm', 'sp.pop.totl', 'ny.gdp.pcap.cd'];
const uisExtract = join(dataDir, 'uis', 'data.csv');
/** UIS indicators: total inbound internationally mobile students; their net flow (inbound - outbound). */
const UIS_INBOUND = '26637';
const UIS_NET_FLOW = 'MENF.5T8';
/** money 9: mobility year 2021. */
const MOBILITY_YEAR = 2021;

const alpha2 = new Map(worldCountries.map((c) => [c.cca3, c.cca2]));

/** The datasets' CSVs are plain: quoted only where a country name holds a comma, which the last three fields never do. */
function parseWdi(text) {
  const rows = [];
  for (const line of text.split(/\r?\n/).slice(1)) {
    if (!line.trim()) continue;
    const parts = line.split(',');
    const [value, year, code] = [parts.at(-1), parts.at(-2), parts.at(-3)];
    if (value === '' || !alpha2.has(code) || Number(year) < FIRST_YEAR) continue;
    const n = Number(value);
    if (Number.isFinite(n)) rows.push({ code, year: Number(year), value: n });
  }
  return rows.sort((a, b) => a.code.localeCompare(b.code) || a.year - b.year);
}

function readExtract(indicator) {
  return readFileSync(join(extractDir, `${indicator}.csv`), 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((l) => {
      const [code, year, value] = l.split(',');
      return { code, year: Number(year), value: Number(value) };
    });
}

const fromIdx = process.argv.indexOf('--from');
if (fromIdx > 0) {
  const from = process.argv[fromIdx + 1];
  mkdirSync(extractDir, { recursive: true });
  for (const indicator of INDICATORS) {
    const rows = parseWdi(readFileSync(join(from, indicator, 'data.csv'), 'utf8'));
    writeFileSync(
      join(extractDir, `${indicator}.csv`),
      ['code,year,value', ...rows.map((r) => `${r.code},${r.year},${r.value}`)].join('\n') + '\n',
    );
    console.log(`${indicator}: ${rows.length} rows`);
  }
}

const byCountry = (rows) => {
  const m = new Map();
  for (const r of rows) m.set(`${r.code}|${r.year}`, r.value);
  return m;
};
const netm = readExtract('sm.pop.netm');
const pop = byCountry(readExtract('sp.pop.totl'));
const gdp = readExtract('ny.gdp.pcap.cd');

const countries = {};
const newest = (pairs) => pairs.slice(-YEARS_SHOWN);
const entry = (code) => (countries[alpha2.get(code)] ??= { netMigrationPer1000: [], gdpPerCapita: [] });
for (const r of netm) {
  const p = pop.get(`${r.code}|${r.year}`);
  // Per 1000 population: the World Bank publishes net migration as a count, so it is divided by the same year's population.
  if (p) entry(r.code).netMigrationPer1000.push([r.year, Math.round((r.value / p) * 1000 * 100) / 100]);
}
for (const r of gdp) entry(r.code).gdpPerCapita.push([r.year, Math.round(r.value)]);
for (const c of Object.values(countries)) {
  c.netMigrationPer1000 = newest(c.netMigrationPer1000);
  c.gdpPerCapita = newest(c.gdpPerCapita);
}
const sorted = Object.fromEntries(Object.entries(countries).sort(([a], [b]) => a.localeCompare(b)));
const macroOut = {
  source:
    'World Bank, World Development Indicators (SM.POP.NETM, SP.POP.TOTL, NY.GDP.PCAP.CD), CC BY 4.0, via github.com/datasets/world-development-indicators',
  countries: sorted,
};
writeFileSync(join(dataDir, 'macro-series.json'), JSON.stringify(macroOut) + '\n');
console.log(`macro-series.json: ${Object.keys(sorted).length} countries`);

/** One line of UIS's CSV: only regional names are quoted (they may hold commas). */
function uisFields(line) {
  const fields = [];
  for (const m of line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)) {
    fields.push(m[1].startsWith('"') ? m[1].slice(1, -1).replaceAll('""', '"') : m[1]);
    if (m[2] === '') break;
  }
  return fields;
}

const uisIdx = process.argv.indexOf('--uis');
if (uisIdx > 0) {
  const lines = readFileSync(process.argv[uisIdx + 1], 'utf8').split(/\r?\n/);
  const kept = lines.slice(1).filter((line) => {
    const [indicator, geoUnit, year] = uisFields(line);
    return (
      [UIS_INBOUND, UIS_NET_FLOW].includes(indicator) && alpha2.has(geoUnit) && Number(year) >= FIRST_YEAR
    );
  });
  mkdirSync(dirname(uisExtract), { recursive: true });
  writeFileSync(uisExtract, [lines[0], ...kept].join('\n') + '\n');
  console.log(`uis/data.csv: ${kept.length} rows`);
}

// indicatorId,geoUnit,year,value,qualifier,magnitude, read once for the mobility figures and the destinations'
// inbound totals. A magnitude of NA (not applicable) comes with a value of 0 that is no figure, so the row is
// skipped; NIL (nil: no such students) is a true 0 and kept.
const uisRows = [];
for (const line of readFileSync(uisExtract, 'utf8').split('\n').slice(1)) {
  const [indicator, geoUnit, year, value, , magnitude] = uisFields(line);
  if (magnitude === 'NA' || value === '') continue;
  uisRows.push({ indicator, geoUnit, year: Number(year), value: Number(value) });
}
const uis = new Map();
for (const r of uisRows) if (r.year === MOBILITY_YEAR) uis.set(`${r.indicator}|${r.geoUnit}`, r.value);
const mobility = {};
for (const code of [...new Set([...uis.keys()].map((k) => k.split('|')[1]))]) {
  const inbound = uis.get(`${UIS_INBOUND}|${code}`);
  const net = uis.get(`${UIS_NET_FLOW}|${code}`);
  // UIS publishes the inbound total and the net flow; outbound is their difference, from the unrounded values (some
  // are fractional UIS estimates), rounded to whole students like inbound.
  const outbound = inbound === undefined || net === undefined ? null : Math.round(inbound - net);
  mobility[alpha2.get(code)] = {
    inbound: inbound === undefined ? null : Math.round(inbound),
    // A negative difference would mean the two indicators disagree (none in the February 2025 release): no figure.
    outbound: outbound !== null && outbound < 0 ? null : outbound,
  };
}
const mobilityOut = {
  source:
    'UNESCO Institute for Statistics (UIS), February 2025 data release (26637, MENF.5T8), CC BY-SA 4.0; outbound = inbound - net flow',
  year: MOBILITY_YEAR,
  countries: Object.fromEntries(Object.entries(mobility).sort(([a], [b]) => a.localeCompare(b))),
};
writeFileSync(join(dataDir, 'student-mobility.json'), JSON.stringify(mobilityOut) + '\n');
const counted = Object.values(mobility);
console.log(
  `student-mobility.json: ${counted.length} countries, ${counted.filter((m) => m.inbound !== null).length} with inbound, ${counted.filter((m) => m.outbound !== null).length} with outbound`,
);

// OECD Education at a Glance, "Share of international students by country of origin", 2022: per country of study
// (REF_AREA), the share (%) of its international tertiary students who come from each country of origin. The file
// calls the country of study `Origin` (its name) and the country the students come from `Destination`; the values say
// so (Austria: 42.8% from Germany; Australia: 23.0% from China), and the code below reads them that way.
const oecdExtract = join(dataDir, 'oecd', 'Share_students_origin_to_destination.csv');
const OECD_YEAR = '2022';
/** UIS inbound totals turn the shares into students; the nearest year within this many of OECD_YEAR stands in for a missing one. */
const INBOUND_YEARS_AWAY = 2;
/** How many countries each of the two table columns names. */
const TOP = 3;
/** OECD's regional rows: dropped (they are not countries). */
const OECD_AGGREGATES = new Set([
  'World',
  'Africa',
  'Asia',
  'Europe',
  'Latin America and the Caribbean',
  'Northern America',
  'Oceania',
  'Africa unspecified',
  'Asia unspecified',
  'Europe unspecified',
  'Latin America and the Caribbean unspecified',
  'Northern America unspecified',
  'Oceania unspecified',
  'Other countries unspecified',
]);
/** OECD's names that world-countries does not spell that way (common, official names and alternative spellings tried first). */
const OECD_NAMES = {
  'Cabo Verde': 'CV',
  'China (People’s Republic of)': 'CN',
  'Côte d’Ivoire': 'CI',
  'Democratic People’s Republic of Korea': 'KP',
  Korea: 'KR',
  'Holy See': 'VA',
  'Hong Kong (China)': 'HK',
  'Macau (China)': 'MO',
  'Lao People’s Democratic Republic': 'LA',
  'Palestinian Authority or West Bank and Gaza Strip': 'PS',
};
const alpha2ByName = new Map();
for (const c of worldCountries)
  for (const n of [c.name.common, c.name.official, ...(c.altSpellings ?? [])])
    alpha2ByName.set(n.toLowerCase(), c.cca2);
const originCode = (name) => OECD_NAMES[name] ?? alpha2ByName.get(name.toLowerCase());

const oecdIdx = process.argv.indexOf('--oecd');
if (oecdIdx > 0) {
  // The copy is kept whole and unchanged, so it can be compared with its source byte for byte.
  mkdirSync(dirname(oecdExtract), { recursive: true });
  writeFileSync(oecdExtract, readFileSync(process.argv[oecdIdx + 1]));
}

// REF_AREA,Origin,Destination,TIME_PERIOD,Percentage_of_students (CRLF lines, no quoting: no name holds a comma).
// share.get(study)?.get(from) = % of the international students of `study` who come from `from` (both alpha-2).
const share = new Map();
const unmapped = new Set();
for (const line of readFileSync(oecdExtract, 'utf8').split(/\r?\n/).slice(1)) {
  if (!line) continue;
  const [refArea, , from, year, value] = line.split(',');
  const study = alpha2.get(refArea); // EU25, the European Union's aggregate, is no country: undefined
  if (!study || year !== OECD_YEAR || OECD_AGGREGATES.has(from)) continue;
  const code = originCode(from);
  if (!code) {
    unmapped.add(from);
    continue;
  }
  // Empty shares (no figure) and zeros name no one.
  if (value === '' || !(Number(value) > 0) || code === study) continue;
  if (!share.has(study)) share.set(study, new Map());
  share.get(study).set(code, Number(value));
}
if (unmapped.size) throw new Error(`OECD names not mapped to a country: ${[...unmapped].join('; ')}`);

// Inbound internationally mobile students (UIS 26637) of each country of study in OECD_YEAR, or the nearest year
// within INBOUND_YEARS_AWAY (the earlier one on a tie) where UIS has none for it.
const inboundYears = new Map();
for (const { indicator, geoUnit, year, value } of uisRows) {
  if (indicator !== UIS_INBOUND || !alpha2.has(geoUnit)) continue;
  const code = alpha2.get(geoUnit);
  if (!inboundYears.has(code)) inboundYears.set(code, new Map());
  inboundYears.get(code).set(year, value);
}
const inboundTotals = {};
for (const study of share.keys()) {
  const years = inboundYears.get(study) ?? new Map();
  for (let away = 0; away <= INBOUND_YEARS_AWAY && !inboundTotals[study]; away++) {
    for (const year of [Number(OECD_YEAR) - away, Number(OECD_YEAR) + away]) {
      if (years.has(year) && !inboundTotals[study])
        inboundTotals[study] = { year, students: Math.round(years.get(year)) };
    }
  }
}

const byFigure = (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]);
const destinations = {};
const entryOf = (code) => (destinations[code] ??= { incoming: null, outgoing: null });
for (const [study, from] of share) {
  // Top incoming: where the country's international students come from, by share.
  entryOf(study).incoming = [...from]
    .sort(byFigure)
    .slice(0, TOP)
    .map(([code, pct]) => ({ code, share: Math.round(pct * 100) / 100 }));
}
// Top outgoing: where a country's students go, among the OECD file's countries of study only (the only ones it
// breaks down by origin): students = share of them among the destination's international students x its inbound total.
const abroad = new Map();
for (const [study, from] of share) {
  const total = inboundTotals[study]?.students;
  if (!total) continue;
  for (const [code, pct] of from) {
    if (!abroad.has(code)) abroad.set(code, new Map());
    abroad.get(code).set(study, (pct / 100) * total);
  }
}
for (const [code, to] of abroad) {
  const top = [...to]
    .sort(byFigure)
    .filter(([, n]) => Math.round(n) > 0)
    .slice(0, TOP);
  if (top.length)
    entryOf(code).outgoing = top.map(([study, n]) => ({ code: study, students: Math.round(n) }));
}
const sortedByCode = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
const destinationsOut = {
  source:
    'OECD (2024), Education at a Glance / OECD Data Explorer: share of international students by country of origin, 2022 (CC BY 4.0); students abroad = share x UIS 26637 inbound total (CC BY-SA 4.0)',
  year: Number(OECD_YEAR),
  inboundTotals: sortedByCode(inboundTotals),
  countries: sortedByCode(destinations),
};
writeFileSync(join(dataDir, 'destinations.json'), JSON.stringify(destinationsOut) + '\n');
const listed = Object.values(destinations);
console.log(
  `destinations.json: ${share.size} countries of study (${Object.keys(inboundTotals).length} with an inbound total), ${listed.filter((d) => d.incoming).length} with incoming, ${listed.filter((d) => d.outgoing).length} with outgoing`,
);
