import { Injectable } from '@nestjs/common';
import type {
  CountryDetailView,
  InDepthSectionView,
  PublicHolidayView,
  YearValueView,
} from '@credence/api-contract';
import { DomainError } from '@credence/domain';
import governments from 'country-json/src/country-by-government-type.json';
import populations from 'country-json/src/country-by-population.json';
import religions from 'country-json/src/country-by-religion.json';
import Holidays from 'date-holidays';
import worldCountries from 'world-countries';
import inDepthText from '../data/in-depth.json';
import macroSeries from '../data/macro-series.json';
import mobilitySeries from '../data/student-mobility.json';

const DAY_MS = 86_400_000;
/** Holidays that close offices (date-holidays' types); observances such as Mother's Day do not slow verifications. */
const CLOSING_TYPES = new Set(['public', 'bank']);

export const COUNTRY_SOURCES = [
  'Capital and languages: world-countries (mledoze/countries, ODbL)',
  'Population, government and religion: country-json (samayo/country-json, MIT)',
  'Public holidays: date-holidays (commenthol/date-holidays, ISC)',
  'Net migration, population and GDP per capita: World Bank World Development Indicators (CC BY 4.0)',
  'Inbound and outbound students: UNESCO Institute for Statistics (UIS), February 2025 data release (CC BY-SA 4.0)',
  'Top incoming and outgoing destinations: OECD (2024), Education at a Glance / OECD Data Explorer, 2022 (CC BY 4.0)',
  'In-depth text: The World Factbook (CIA), 2015 edition, public domain',
  'Verification figures: Credence verifications completed in the last 12 months',
];

const byName = <T extends { country: string }>(rows: readonly T[]) =>
  new Map(rows.map((r) => [r.country.toLowerCase(), r]));
const population = byName(populations as { country: string; population: number | null }[]);
const government = byName(governments as { country: string; government: string | null }[]);
const religion = byName(religions as { country: string; religion: string | null }[]);

type Pairs = [number, number][];
const macroOf = macroSeries.countries as unknown as Record<
  string,
  { netMigrationPer1000: Pairs; gdpPerCapita: Pairs } | undefined
>;
const asYears = (pairs: Pairs | undefined): YearValueView[] =>
  (pairs ?? []).map(([year, value]) => ({ year, value }));

/** The Macro-Level series of a country (data/macro-series.json, built by tools/insights/build-macro-series.mjs). */
export function macroLevel(code: string): CountryDetailView['macro'] {
  const m = macroOf[code];
  return { netMigrationPer1000: asYears(m?.netMigrationPer1000), gdpPerCapita: asYears(m?.gdpPerCapita) };
}

const mobilityOf = mobilitySeries.countries as unknown as Record<
  string,
  { inbound: number | null; outbound: number | null } | undefined
>;

/** The Student Mobility figures of a country (data/student-mobility.json, built by tools/insights/build-macro-series.mjs). */
export function studentMobility(code: string): CountryDetailView['studentMobility'] {
  const m = mobilityOf[code];
  return { year: mobilitySeries.year, inbound: m?.inbound ?? null, outbound: m?.outbound ?? null };
}

const inDepthOf = inDepthText.countries as unknown as Record<string, InDepthSectionView[] | undefined>;

/** The In-Depth sections of a country (data/in-depth.json, built by tools/insights/build-in-depth.mjs); none: []. */
export function inDepth(code: string): InDepthSectionView[] {
  return inDepthOf[code] ?? [];
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

interface RawHoliday {
  date: string;
  start: Date;
  end: Date;
  name: string;
  type: string;
}

/** date-holidays' holidays of the year (one region or the country), closing ones only, as days. */
function holidaysOf(code: string, year: number, state?: string): PublicHolidayView[] {
  const h = state ? new Holidays(code, state) : new Holidays(code);
  return ((h.getHolidays(year) || []) as RawHoliday[])
    .filter((x) => CLOSING_TYPES.has(x.type))
    .map((x) => {
      const date = x.date.slice(0, 10);
      const days = Math.max(1, Math.round((x.end.getTime() - x.start.getTime()) / DAY_MS));
      return { event: x.name, date, endDate: days > 1 ? addDays(date, days - 1) : null, regions: [] };
    });
}

/**
 * A country's holidays of the year: the national ones (regions empty: 'All Regions'), then those only some regions
 * keep, with the regions' names (money 2.18 Public Holidays table).
 */
export function publicHolidays(code: string, year: number): PublicHolidayView[] {
  const national = holidaysOf(code, year);
  const key = (h: PublicHolidayView) => `${h.date}|${h.event}`;
  const seen = new Set(national.map(key));
  const regional = new Map<string, PublicHolidayView>();
  const states = (new Holidays().getStates(code) ?? {}) as Record<string, string>;
  for (const [state, stateName] of Object.entries(states)) {
    for (const h of holidaysOf(code, year, state)) {
      if (seen.has(key(h))) continue;
      const entry = regional.get(key(h)) ?? { ...h, regions: [] };
      entry.regions.push(stateName);
      regional.set(key(h), entry);
    }
  }
  return [...national, ...regional.values()].sort(
    (a, b) => a.date.localeCompare(b.date) || a.event.localeCompare(b.event),
  );
}

/** money 4: a holiday counts as today when today falls within its start and end dates. */
export const celebrating = (holidays: readonly PublicHolidayView[], today: string) => [
  ...new Set(holidays.filter((h) => h.date <= today && today <= (h.endDate ?? h.date)).map((h) => h.event)),
];

/** A country's expanded row of Country Insights (money 2.18), from the packages named in COUNTRY_SOURCES. */
@Injectable()
export class CountryDetail {
  today = () => new Date().toISOString().slice(0, 10);

  of(rawCode: string): Omit<CountryDetailView, 'notifications'> {
    const code = rawCode.toUpperCase();
    if (!/^[A-Z]{2}$/.test(code))
      throw new DomainError('invalid', 'The country must be an ISO 3166 alpha-2 code.');
    const c = worldCountries.find((w) => w.cca2 === code);
    if (!c) throw new DomainError('not-found', 'Country not found.');
    const names = [c.name.common, c.name.official, ...c.altSpellings].map((n) => n.toLowerCase());
    const pick = <T>(map: Map<string, T>) => names.map((n) => map.get(n)).find((v) => v !== undefined);
    const today = this.today();
    let holidays: PublicHolidayView[] = [];
    try {
      holidays = publicHolidays(code, Number(today.slice(0, 4)));
    } catch {
      // date-holidays has no data for the country: the table is empty.
    }
    return {
      code,
      name: c.name.common,
      capital: c.capital.join(', '),
      population: pick(population)?.population ?? null,
      languages: Object.values(c.languages ?? {}).join(', '),
      government: pick(government)?.government ?? null,
      religion: pick(religion)?.religion ?? null,
      holidays,
      celebrating: celebrating(holidays, today),
      macro: macroLevel(code),
      studentMobility: studentMobility(code),
      inDepth: inDepth(code),
      sources: COUNTRY_SOURCES,
    };
  }
}
