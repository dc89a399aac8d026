import type { IndexedInstitute } from './institute-search.port';
import { FakeMeilisearch } from './meilisearch-http-fake';
import {
  MEILISEARCH_INSTITUTE_SETTINGS,
  MeilisearchInstituteIndex,
  documentKey,
  filterValue,
} from './meilisearch-institute-index';

// A request/response check of the adapter, not a Meilisearch server: a local HTTP fake records what the official
// client sends for each port method and answers as Meilisearch's API reference documents. Whether Meilisearch
// ranks as the contract expects is for the contract suite against a real server (meilisearch-institute-index.int.spec.ts).

const institute = (id: string, name: string, over: Partial<IndexedInstitute> = {}): IndexedInstitute => ({
  id,
  name,
  otherNames: [],
  countryId: 'GB',
  countryName: 'United Kingdom',
  parentId: null,
  searchable: true,
  price: 45,
  surcharge: 0,
  readOnly: false,
  children: 0,
  ...over,
});

/**
 * The values of a filter expression `<field> IN [..]` or `<field> = ..` as Meilisearch's filter parser reads quoted
 * strings (filter-parser/src/value.rs: a backslash makes the next character literal, the first unescaped quote ends
 * the string, then \" becomes " and \\ becomes \; any other escape is refused), or null when anything but quoted
 * values and separators is left: a value that broke out of its quotes.
 */
function quotedValues(expression: string, field: string): string[] | null {
  const list = expression.startsWith(`${field} IN [`) && expression.endsWith(']');
  let rest = list
    ? expression.slice(field.length + 5, -1)
    : expression.startsWith(`${field} = `)
      ? expression.slice(field.length + 3)
      : null;
  if (rest === null) return null;
  const values: string[] = [];
  for (;;) {
    if (rest[0] !== '"') return null;
    let i = 1;
    while (i < rest.length && rest[i] !== '"') i += rest[i] === '\\' ? 2 : 1;
    if (i >= rest.length) return null;
    const unquoted = rest.slice(1, i).replace(/\\"/g, '"');
    if (/\\[^\\]/.test(unquoted.replace(/\\\\/g, ''))) return null;
    values.push(unquoted.replace(/\\\\/g, '\\'));
    rest = rest.slice(i + 1);
    if (!rest.length) return values;
    if (!list || !rest.startsWith(', ')) return null;
    rest = rest.slice(2);
  }
}

describe('the Meilisearch institute index (against a local HTTP fake)', () => {
  let fake: FakeMeilisearch;
  let index: MeilisearchInstituteIndex;

  beforeEach(async () => {
    fake = new FakeMeilisearch();
    const url = await fake.start();
    index = new MeilisearchInstituteIndex({
      url,
      apiKey: 'search-key',
      indexUid: 'institutes',
      taskTimeoutMs: 2000,
    });
  });
  afterEach(() => fake.stop());

  const searches = () => fake.requests('POST', /\/search$/).map((s) => s.body as Record<string, unknown>);

  it('loads the whole catalogue into a fresh index with the settings, swaps it in and drops the old one', async () => {
    await index.replaceAll([
      institute('uni-demo', 'University of Demo', { otherNames: ['Demo University'] }),
      institute('lyon', 'Université de Lyon', { countryId: 'FR', countryName: 'France' }),
    ]);
    const calls = fake.seen.map((s) => `${s.method} ${s.path}`);
    const next = (fake.requests('POST', /^\/indexes$/)[1]!.body as { uid: string }).uid;
    expect(next).toMatch(/^institutes_load_[0-9a-f]{12}$/);
    expect(calls).toEqual([
      'POST /indexes',
      'PATCH /indexes/institutes/settings',
      'POST /indexes',
      `PATCH /indexes/${next}/settings`,
      `POST /indexes/${next}/documents`,
      'POST /swap-indexes',
      `DELETE /indexes/${next}`,
      'GET /indexes/institutes/stats',
    ]);
    expect(fake.seen[0]!.body).toEqual({ uid: 'institutes', primaryKey: 'key' });
    expect(fake.seen.every((s) => s.auth === 'Bearer search-key')).toBe(true);
    const settings = fake.seen[3]!.body as Record<string, unknown>;
    expect(settings).toEqual(MEILISEARCH_INSTITUTE_SETTINGS);
    expect(settings).toMatchObject({
      searchableAttributes: ['name', 'otherNames'],
      filterableAttributes: ['countryId', 'parentId', 'searchable', 'words'],
      sortableAttributes: ['nameLength', 'name', 'countryId', 'key'],
      rankingRules: ['words', 'typo', 'exactness', 'sort'],
      typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 4, twoTypos: 8 } },
      faceting: { maxValuesPerFacet: 100, sortFacetValuesBy: { '*': 'alpha', words: 'count' } },
    });
    const add = fake.seen[4]!;
    expect(add.query.get('primaryKey')).toBe('key');
    expect(add.body).toEqual([
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
      expect.objectContaining({ id: 'lyon', key: '6c796f6e', words: ['universite', 'de', 'lyon'] }),
    ]);
    expect(fake.seen[5]!.body).toEqual([{ indexes: ['institutes', next], rename: false }]);
    expect(index.size()).toBe(2);
    // The old catalogue went with the temporary index's name.
    expect([...fake.indexes.keys()]).toEqual(['institutes']);
    expect(fake.documents('institutes').map((d) => d.id)).toEqual(['uni-demo', 'lyon']);
  });

  it('fails a load whose documents Meilisearch refuses, drops the half-loaded index and swaps nothing', async () => {
    fake.failNext.push({ type: 'documentAdditionOrUpdate', code: 'invalid_document_id', message: 'bad id' });
    await expect(index.replaceAll([institute('a', 'A College')])).rejects.toThrow(
      /failed: invalid_document_id bad id/,
    );
    expect(fake.requests('POST', /^\/swap-indexes$/)).toHaveLength(0);
    const next = (fake.requests('POST', /^\/indexes$/)[1]!.body as { uid: string }).uid;
    expect(fake.requests('DELETE', new RegExp(`^/indexes/${next}$`))).toHaveLength(1);
  });

  it('adds and removes documents by their hex keys, making the index once (an existing one is fine)', async () => {
    fake.failNext.push({ type: 'indexCreation', code: 'index_already_exists', message: 'exists' });
    await index.upsert([
      institute('QC_HS/1', 'West African Examinations Council (WAEC)', {
        parentId: 'QC_HS',
        searchable: false,
      }),
    ]);
    expect(index.size()).toBe(1);
    await index.remove(['QC_HS/1', 'gone']);
    expect(index.size()).toBe(0);
    await index.upsert([]);
    await index.remove([]);
    expect(fake.requests('POST', /^\/indexes$/)).toHaveLength(1);
    expect(fake.requests('PATCH', /\/settings$/)).toHaveLength(1);
    const [add] = fake.requests('POST', /^\/indexes\/institutes\/documents$/);
    expect(add!.body).toEqual([
      expect.objectContaining({
        key: Buffer.from('QC_HS/1').toString('hex'),
        parentId: 'QC_HS',
        searchable: false,
        words: ['west', 'african', 'examinations', 'council', 'waec'],
      }),
    ]);
    expect(fake.requests('POST', /\/documents\/delete-batch$/)[0]!.body).toEqual([
      documentKey('QC_HS/1'),
      documentKey('gone'),
    ]);
  });

  it('makes the last required word the query and each earlier one a filter on the words Meilisearch finds for it', async () => {
    fake.facetValues = { univrsity: ['university', 'universite'] };
    fake.searchAnswer = () => ({
      status: 200,
      body: {
        hits: [
          {
            id: 'uni-demo',
            name: 'University of Demo',
            names: ['University of Demo', 'Demo University'],
            countryId: 'GB',
            countryName: 'United Kingdom',
            price: 45,
            surcharge: 5,
            readOnly: false,
            children: 0,
          },
        ],
        totalHits: 31,
        page: 3,
        hitsPerPage: 10,
        totalPages: 4,
        processingTimeMs: 1,
        query: 'dmeo',
      },
    });
    const result = await index.search({
      text: 'The Univrsity of Dmeo',
      countryIds: ['GB', 'FR'],
      page: 2,
      size: 10,
    });
    expect(result).toEqual({
      total: 31,
      hits: [
        {
          id: 'uni-demo',
          name: 'University of Demo',
          names: ['University of Demo', 'Demo University'],
          countryId: 'GB',
          countryName: 'United Kingdom',
          price: 45,
          surcharge: 5,
          readOnly: false,
          children: 0,
        },
      ],
    });
    const base = ['searchable = true', 'countryId IN ["GB", "FR"]'];
    expect(fake.requests('POST', /\/facet-search$/).map((s) => s.body)).toEqual([
      { facetName: 'words', facetQuery: 'univrsity', filter: base },
    ]);
    expect(searches()).toEqual([
      {
        q: 'dmeo',
        filter: [...base, 'words IN ["univrsity", "university", "universite"]'],
        sort: ['nameLength:asc', 'name:asc', 'countryId:asc', 'key:asc'],
        page: 3,
        hitsPerPage: 10,
        matchingStrategy: 'all',
        attributesToRetrieve: [
          'id',
          'name',
          'names',
          'countryId',
          'countryName',
          'price',
          'surcharge',
          'readOnly',
          'children',
        ],
      },
    ]);
  });

  it('lists children by parent, listed or not, and searches optional words alone when there is nothing else', async () => {
    await index.search({ text: 'council', parentId: 'QC_HS_VER_NG', page: 0, size: 20 });
    await index.search({ text: 'the of', page: 0, size: 20 });
    expect(searches().map((s) => [s.q, s.filter, s.matchingStrategy])).toEqual([
      ['council', ['parentId = "QC_HS_VER_NG"'], 'all'],
      ['the of', ['searchable = true'], 'last'],
    ]);
  });

  it('answers nothing without asking to search when a word matches no indexed word, no country is allowed or nothing is typed', async () => {
    fake.facetValues = { university: ['university'] };
    expect(await index.search({ text: 'University of Qwxzv zz', page: 0, size: 20 })).toEqual({
      hits: [],
      total: 0,
    });
    expect(await index.search({ text: 'university', countryIds: [], page: 0, size: 20 })).toEqual({
      hits: [],
      total: 0,
    });
    expect(await index.search({ text: ' ,.- ', page: 0, size: 20 })).toEqual({ hits: [], total: 0 });
    expect(searches()).toEqual([]);
    const asked = fake
      .requests('POST', /\/facet-search$/)
      .map((s) => (s.body as { facetQuery: string }).facetQuery);
    expect(asked.sort()).toEqual(['qwxzv', 'university']);
  });

  it('keeps quotes in a country, a parent or an indexed word inside their filter values', async () => {
    const country = 'GB" OR searchable = false OR countryId = "X';
    const parent = 'P\\" OR searchable = false OR parentId = \\"';
    fake.facetValues = { lyon: ['lyon', 'x" OR searchable = false'] };
    await index.search({ text: 'Lyon" "university', countryIds: [country, 'a\\'], page: 0, size: 20 });
    await index.search({ text: 'council', parentId: parent, page: 0, size: 20 });
    const [first, second] = searches();
    // The query's quotes are not words: Lyon and university.
    expect(first!.q).toBe('university');
    expect((fake.requests('POST', /\/facet-search$/)[0]!.body as { facetQuery: string }).facetQuery).toBe(
      'lyon',
    );
    const [, countries, words] = first!.filter as string[];
    expect(countries).toBe(`countryId IN ["GB\\" OR searchable = false OR countryId = \\"X", "a\\\\"]`);
    expect(quotedValues(countries!, 'countryId')).toEqual([country, 'a\\']);
    expect(quotedValues(words!, 'words')).toEqual(['lyon', 'x" OR searchable = false']);
    const [parentFilter] = second!.filter as string[];
    expect(quotedValues(parentFilter!, 'parentId')).toEqual([parent]);
    // The checker itself refuses a value that ends early.
    expect(quotedValues(`countryId IN ["GB" OR searchable = false]`, 'countryId')).toBeNull();
    expect(filterValue('plain')).toBe('"plain"');
  });

  it('finds nothing before anything was loaded, and passes other failures on', async () => {
    fake.noIndex = true;
    expect(await index.search({ text: 'demo', page: 0, size: 20 })).toEqual({ hits: [], total: 0 });
    expect(await index.search({ text: 'university demo', page: 0, size: 20 })).toEqual({
      hits: [],
      total: 0,
    });
    expect(fake.requests('POST', /\/facet-search$/)).toHaveLength(1);
    fake.noIndex = false;
    fake.searchAnswer = () => ({
      status: 500,
      body: { message: 'boom', code: 'internal', type: 'internal', link: '' },
    });
    await expect(index.search({ text: 'demo', page: 0, size: 20 })).rejects.toThrow(/boom/);
  });
});
