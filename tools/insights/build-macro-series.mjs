#!/usr/bin/env node
// Builds apps/api/src/modules/insights/data/macro-series.json (Country Insights' Macro-Level charts, money 2.18) from
// World Bank World Development Indicators (CC BY 4.0), as packaged by github.com/datasets/world-development-indicators.
//
//   node tools/insights/build-macro-series.mjs                 rebuild the JSON from the extracts kept in the repo
//   node tools/insights/build-macro-series.mjs --from <dir>    first refresh the extracts from that repository's
//                                                             indicators/ folder (or a checkout of it), then rebuild
//
// The extracts keep countries only (ISO 3166 alpha-3 codes known to world-countries; the World Bank's regional
// aggregates such as EUR or WLD are dropped) and the years from FIRST_YEAR on, as code,year,value.
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
const out = {
  source:
    'World Bank, World Development Indicators (SM.POP.NETM, SP.POP.TOTL, NY.GDP.PCAP.CD), CC BY 4.0, via github.com/datasets/world-development-indicators',
  countries: sorted,
};
writeFileSync(join(dataDir, 'macro-series.json'), JSON.stringify(out) + '\n');
console.log(`macro-series.json: ${Object.keys(sorted).length} countries`);
