import { DomainError } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import type { Notice } from '../catalogue.model';
import { compareCountries, INDIVIDUAL_INDUSTRY_ID } from '../data/reference-data';

export interface CountryOption {
  id: string;
  name: string;
  vat: boolean;
  disabled: boolean;
}

export interface CountryRow extends CountryOption {
  ccn3: string | null;
  regionId: string | null;
  subregion: string | null;
  notices: Notice[];
}

export interface MapRegionRow {
  id: string;
  name: string;
  parentId: string | null;
  sort: number;
}

const WORLD = '001';

const contains = (name: string | undefined) => {
  const needle = name?.trim().toLowerCase();
  return (text: string) => !needle || text.toLowerCase().includes(needle);
};

/** Countries, industries and map regions: small tables, read whole and filtered here. */
@Injectable()
export class ReferenceDataQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async countries(): Promise<CountryRow[]> {
    const { rows } = await this.pool.query<CountryRow>(
      `SELECT id, name, vat, disabled, ccn3, region_id AS "regionId", subregion, notices FROM catalogue_country`,
    );
    return rows.sort(compareCountries);
  }

  async country(id: string): Promise<CountryRow | null> {
    const { rows } = await this.pool.query<CountryRow>(
      `SELECT id, name, vat, disabled, ccn3, region_id AS "regionId", subregion, notices FROM catalogue_country WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** access.md 5.2: case-insensitive substring of the name; blank lists all; GB, US, then the rest. */
  async searchCountries(name?: string): Promise<CountryOption[]> {
    const matches = contains(name);
    return (await this.countries())
      .filter((c) => matches(c.name))
      .map(({ id, name: countryName, vat, disabled }) => ({ id, name: countryName, vat, disabled }));
  }

  /** access.md 3.6: the industry list, without the individuals' industry (-1). */
  async searchIndustries(name?: string): Promise<{ id: number; name: string }[]> {
    const { rows } = await this.pool.query<{ id: number; name: string }>(
      `SELECT id, name FROM catalogue_industry WHERE id <> $1 ORDER BY name, id`,
      [INDIVIDUAL_INDUSTRY_ID],
    );
    return rows.filter((r) => contains(name)(r.name));
  }

  async mapRegions(): Promise<MapRegionRow[]> {
    const { rows } = await this.pool.query<MapRegionRow>(
      `SELECT id, name, parent_id AS "parentId", sort FROM catalogue_map_region ORDER BY sort, id`,
    );
    return rows;
  }

  /**
   * The countries a regionId filter stands for: a country id, or a map region's countries (World: no filter).
   * An unknown id is refused rather than answered with an empty list, so a wrong id shows up.
   */
  async countriesOf(regionId: string): Promise<string[] | null> {
    if (regionId === WORLD) return null;
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT id FROM catalogue_country WHERE id = $1 OR region_id = $1`,
      [regionId],
    );
    if (!rows.length) {
      const region = await this.pool.query(`SELECT 1 FROM catalogue_map_region WHERE id = $1`, [regionId]);
      if (!region.rowCount) throw new DomainError('invalid', `Unknown country or region '${regionId}'.`);
    }
    return rows.map((r) => r.id);
  }

  /** Searchable institutes per country, for the coverage map's 'Current Number of Institutions'. */
  async instituteCounts(): Promise<Map<string, number>> {
    const { rows } = await this.pool.query<{ country_id: string; n: number }>(
      `SELECT country_id, count(*)::int AS n FROM catalogue_institute
       WHERE searchable AND country_id IS NOT NULL GROUP BY country_id`,
    );
    return new Map(rows.map((r) => [r.country_id, r.n]));
  }
}
