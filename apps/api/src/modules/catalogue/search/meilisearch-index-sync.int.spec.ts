import { Logger } from '@nestjs/common';
import { freshDatabase, waitFor } from '../../../../test/fresh-database';
import type { AppConfig } from '../../../config/config.schema';
import { migrate } from '../../../infrastructure/database/migrations';
import type { InstituteDefinition } from '../catalogue.model';
import { insertInstitutes } from '../persistence/institute-writer';
import { InstituteIndexSync } from './institute-index-sync';
import { FakeMeilisearch } from './meilisearch-http-fake';
import { MeilisearchInstituteIndex, documentKey } from './meilisearch-institute-index';

// The catalogue's change feed driving the Meilisearch adapter, with the HTTP fake standing in for the server: what
// documents the adapter leaves in the index as the catalogue changes (the fake keeps them as Meilisearch's document
// routes describe; it does not search).
const definition = (
  id: string,
  name: string,
  over: Partial<InstituteDefinition> = {},
): InstituteDefinition => ({
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

describe('the Meilisearch institute index kept current from the catalogue (HTTP fake for the server)', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let fake: FakeMeilisearch;
  let index: MeilisearchInstituteIndex;
  let sync: InstituteIndexSync;
  const doc = (id: string) => fake.documents('institutes').find((d) => d.id === id);

  beforeAll(async () => {
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    db = await freshDatabase('meili_index');
    const client = await db.pool.connect();
    await migrate(client);
    client.release();
    await db.pool.query(
      `INSERT INTO catalogue_country (id, name) VALUES ('GB', 'United Kingdom'), ('FR', 'France')`,
    );
    await insertInstitutes(db.pool, [
      definition('uni-demo', 'University of Demo', { otherNames: ['Demo University'] }),
    ]);
    fake = new FakeMeilisearch();
    index = new MeilisearchInstituteIndex({
      url: await fake.start(),
      indexUid: 'institutes',
      taskTimeoutMs: 5000,
    });
    sync = new InstituteIndexSync(db.pool, { database: { url: db.url } } as AppConfig, index);
    await sync.onModuleInit();
  });
  afterAll(async () => {
    await sync?.onApplicationShutdown();
    await fake?.stop();
    await db?.drop();
    jest.restoreAllMocks();
  });

  it('loads the catalogue at start, as the rows the search answers', () => {
    expect(fake.documents('institutes')).toEqual([
      {
        key: documentKey('uni-demo'),
        id: 'uni-demo',
        name: 'University of Demo',
        otherNames: ['Demo University'],
        names: ['University of Demo', 'Demo University'],
        countryId: 'GB',
        countryName: 'United Kingdom',
        parentId: null,
        searchable: true,
        price: 45,
        surcharge: 0,
        readOnly: false,
        children: 0,
        words: ['university', 'of', 'demo'],
        nameLength: 18,
      },
    ]);
    expect(index.size()).toBe(1);
  });

  it("follows another writer's inserts, renames, child counts, country names and deletes as they commit", async () => {
    await insertInstitutes(db.pool, [definition('lyon', 'Université de Lyon', { countryId: 'FR' })]);
    await waitFor(async () => doc('lyon')?.countryName === 'France', 5000, 'the insert');

    await db.pool.query(`UPDATE catalogue_institute SET name = 'Université Lumière Lyon' WHERE id = 'lyon'`);
    await waitFor(
      async () => (doc('lyon')?.words as string[] | undefined)?.includes('lumiere'),
      5000,
      'the rename',
    );
    expect(doc('lyon')).toMatchObject({
      name: 'Université Lumière Lyon',
      nameLength: 23,
      words: ['universite', 'lumiere', 'lyon'],
    });

    await insertInstitutes(db.pool, [
      definition('lyon-1', 'Lyon Campus One', { countryId: 'FR', parentId: 'lyon' }),
    ]);
    await waitFor(async () => doc('lyon')?.children === 1, 5000, "the parent's child count");
    expect(doc('lyon-1')).toMatchObject({ parentId: 'lyon' });

    await db.pool.query(`UPDATE catalogue_country SET name = 'République française' WHERE id = 'FR'`);
    await waitFor(async () => doc('lyon')?.countryName === 'République française', 5000, 'the country');

    await db.pool.query(`DELETE FROM catalogue_institute WHERE id = 'lyon-1'`);
    await waitFor(async () => !doc('lyon-1') && doc('lyon')?.children === 0, 5000, 'the delete');
    expect(index.size()).toBe(2);
  });

  it('reloads everything after a bulk change, into a fresh index swapped in', async () => {
    const swapsBefore = fake.requests('POST', /^\/swap-indexes$/).length;
    await insertInstitutes(
      db.pool,
      Array.from({ length: 600 }, (_, i) => definition(`bulk-${i}`, `Bulk Polytechnic ${i}`)),
    );
    // Loaded, swapped in, the old one deleted and counted.
    await waitFor(async () => index.size() === 602, 10000, 'the bulk');
    expect(fake.documents('institutes')).toHaveLength(602);
    expect(fake.requests('POST', /^\/swap-indexes$/).length).toBeGreaterThan(swapsBefore);
    expect([...fake.indexes.keys()]).toEqual(['institutes']);
  });
});
