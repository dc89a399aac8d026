import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { SeedRegistry } from '../../../infrastructure/seeding/seed.registry';
import { buildDemoCatalogue, UNIVERSITY_OF_DEMO_ID } from '../data/demo-catalogue';
import { demoRecords } from '../data/demo-records';
import { buildFixedInstitutes } from '../data/fixed-institutes';
import { buildCountries, INDUSTRIES, MAP_REGIONS, type CountrySeed } from '../data/reference-data';
import { insertInstitutes, insertRefData } from '../persistence/institute-writer';
import { withTransaction } from '../persistence/transaction';
import { insertRecords } from '../records/institute-records-import';
import { InstituteIndexSync } from '../search/institute-index-sync';

/**
 * Reference data (countries, map regions, industries, the fixed QC_* institutes) on every database, and the demo
 * catalogue (about 2,900 institutes, University of Demo with its records) when SEED_DEMO is on. Each step is one
 * transaction of a few bulk statements; rows that exist already are left as staff may have edited them.
 */
@Injectable()
export class CatalogueSeeder {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly seeds: SeedRegistry,
    private readonly index: InstituteIndexSync,
  ) {}

  register() {
    this.seeds.register({
      name: 'catalogue-reference',
      order: 10,
      demo: false,
      run: () => this.seedReference(),
    });
    this.seeds.register({ name: 'catalogue-demo', order: 30, demo: true, run: () => this.seedDemo() });
  }

  async seedReference(): Promise<void> {
    const countries = buildCountries();
    await withTransaction(this.pool, async (client) => {
      await seedReferenceTables(client, countries);
      const fixed = buildFixedInstitutes(countries);
      await insertInstitutes(client, fixed.institutes);
      await insertRefData(client, fixed.refData);
    });
    await this.analyse();
  }

  async seedDemo(): Promise<void> {
    const demo = buildDemoCatalogue(buildCountries());
    await withTransaction(this.pool, async (client) => {
      await insertInstitutes(client, demo.institutes);
      await insertRefData(client, demo.refData);
      const held = await client.query(
        `SELECT 1 FROM catalogue_institute_record WHERE institute_id = $1 LIMIT 1`,
        [UNIVERSITY_OF_DEMO_ID],
      );
      if (!held.rowCount) await insertRecords(client, UNIVERSITY_OF_DEMO_ID, demoRecords(), null);
    });
    await this.analyse();
  }

  /**
   * Fresh statistics after a bulk load, so the first queries are planned for the data actually there; and the
   * search index reloaded before the app answers (the triggers' notification would do it too, a moment later).
   */
  private async analyse() {
    await this.pool.query(
      `ANALYZE catalogue_institute, catalogue_institute_name, catalogue_refdata, catalogue_institute_record`,
    );
    await this.index.reloadAll();
  }
}

export async function seedReferenceTables(
  client: PoolClient,
  countries: readonly CountrySeed[],
): Promise<void> {
  await client.query(
    `INSERT INTO catalogue_map_region (id, name, parent_id, sort)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id text, name text, parent_id text, sort integer)
     ON CONFLICT (id) DO NOTHING`,
    [
      JSON.stringify(
        MAP_REGIONS.map((r) => ({ id: r.id, name: r.name, parent_id: r.parentId, sort: r.sort })),
      ),
    ],
  );
  await client.query(
    `INSERT INTO catalogue_country (id, name, vat, disabled, ccn3, region_id, subregion)
     SELECT * FROM jsonb_to_recordset($1::jsonb)
       AS x(id text, name text, vat boolean, disabled boolean, ccn3 text, region_id text, subregion text)
     ON CONFLICT (id) DO NOTHING`,
    [
      JSON.stringify(
        countries.map((c) => ({
          id: c.id,
          name: c.name,
          vat: c.vat,
          disabled: c.disabled,
          ccn3: c.ccn3,
          region_id: c.regionId,
          subregion: c.subregion,
        })),
      ),
    ],
  );
  await client.query(
    `INSERT INTO catalogue_industry (id, name) SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id integer, name text)
     ON CONFLICT (id) DO NOTHING`,
    [JSON.stringify(INDUSTRIES)],
  );
}
