import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { freshDatabase, waitFor } from '../../../../test/fresh-database';
import type { AppConfig } from '../../../config/config.schema';
import { migrate } from '../../../infrastructure/database/migrations';
import type { InstituteDefinition } from '../catalogue.model';
import { insertInstitutes } from '../persistence/institute-writer';
import { InProcessInstituteIndex } from './in-process-institute-index';
import { InstituteIndexSync } from './institute-index-sync';

const definition = (id: string, name: string, over: Partial<InstituteDefinition> = {}): InstituteDefinition => ({
  id,
  name,
  otherNames: [],
  countryId: 'GB',
  parentId: null,
  type: 'UNI',
  minYear: null,
  price: 45,
  surcharge: 0,
  accreditationPrice: null,
  allowsPending: true,
  readOnly: false,
  allowsCurrentStudent: false,
  maxAdditionalDocs: 5,
  searchable: true,
  fields: [],
  documentRequirements: [],
  notices: [],
  ...over,
});

describe('the institute index kept current from the catalogue', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let index: InProcessInstituteIndex;
  let sync: InstituteIndexSync;
  const found = async (text: string) => (await index.search({ text, page: 0, size: 20 })).hits;

  beforeAll(async () => {
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    db = await freshDatabase('institute_index');
    const client = await db.pool.connect();
    await migrate(client);
    client.release();
    await db.pool.query(`INSERT INTO catalogue_country (id, name) VALUES ('GB', 'United Kingdom'), ('FR', 'France')`);
    await insertInstitutes(db.pool, [definition('uni-demo', 'University of Demo', { otherNames: ['Demo University'] })]);
    index = new InProcessInstituteIndex();
    sync = new InstituteIndexSync(db.pool, { database: { url: db.url } } as AppConfig, index);
    await sync.onModuleInit();
  });
  afterAll(async () => {
    await sync?.onApplicationShutdown();
    await db?.drop();
    jest.restoreAllMocks();
  });

  it('holds the catalogue from the start, with country names and child counts', async () => {
    expect(await found('Univrsity of Dmeo')).toEqual([
      expect.objectContaining({ id: 'uni-demo', countryName: 'United Kingdom', names: ['University of Demo', 'Demo University'] }),
    ]);
  });

  it("follows another writer's inserts, renames, moves and deletes as they commit", async () => {
    await insertInstitutes(db.pool, [definition('lyon', 'Université de Lyon', { countryId: 'FR' })]);
    await waitFor(async () => (await found('universite lyon')).length === 1, 5000, 'the insert');

    await db.pool.query(`UPDATE catalogue_institute SET name = 'Université Lumière Lyon' WHERE id = 'lyon'`);
    await waitFor(async () => (await found('lumiere')).length === 1, 5000, 'the rename');

    await insertInstitutes(db.pool, [definition('lyon-1', 'Lyon Campus One', { countryId: 'FR', parentId: 'lyon' })]);
    await waitFor(async () => (await found('lumiere'))[0]?.children === 1, 5000, "the parent's child count");

    await db.pool.query(`UPDATE catalogue_country SET name = 'République française' WHERE id = 'FR'`);
    await waitFor(async () => (await found('lumiere'))[0]?.countryName === 'République française', 5000, 'the country');

    await db.pool.query(`DELETE FROM catalogue_institute WHERE id = 'lyon-1'`);
    await waitFor(async () => (await found('campus one')).length === 0, 5000, 'the delete');
    await waitFor(async () => (await found('lumiere'))[0]?.children === 0, 5000, "the parent's child count");
  });

  it('reloads everything after a bulk change', async () => {
    await insertInstitutes(
      db.pool,
      Array.from({ length: 600 }, (_, i) => definition(`bulk-${i}`, `Bulk Polytechnic ${i}`)),
    );
    await waitFor(async () => (await index.search({ text: 'bulk', page: 0, size: 1 })).total === 600, 10000, 'the bulk');
  });

  it('reloads everything after its connection was lost, so nothing said meanwhile is missed', async () => {
    const admin = new Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
    await admin.connect();
    try {
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = $1 AND query LIKE 'LISTEN catalogue_institutes%'`,
        [new URL(db.url).pathname.slice(1)],
      );
      expect(killed.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await insertInstitutes(db.pool, [definition('late', 'Latecomer Academy')]);
    await waitFor(async () => (await found('latecomer')).length === 1, 10000, 'the reload after reconnecting');
  });
});
