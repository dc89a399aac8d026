/// <reference types="jest" />
// Test support, not runtime code: the behaviour every InstituteSearchIndex adapter must show (the in-process index,
// and the Meilisearch adapter against a server when MEILISEARCH_URL is set).
import type { IndexedInstitute, InstituteSearchIndex } from './institute-search.port';

export interface ContractSearchIndex {
  index: InstituteSearchIndex;
  cleanup(): Promise<void>;
}

const institute = (
  id: string,
  name: string,
  over: Partial<Omit<IndexedInstitute, 'id' | 'name'>> = {},
): IndexedInstitute => ({
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

const CATALOGUE: IndexedInstitute[] = [
  institute('uni-demo', 'University of Demo', { otherNames: ['Demo University'], surcharge: 5 }),
  institute('uni-demo-archive', 'Demo College of Archives', { readOnly: true }),
  institute('lyon', 'Université de Lyon', { countryId: 'FR', countryName: 'France' }),
  institute('caen', 'Université de Caen', { countryId: 'FR', countryName: 'France' }),
  institute('bath', 'Bath College of Education'),
  institute('bath-spa', 'Bath Spa University'),
  institute('london', 'University of London'),
  institute('london-met', 'London Metropolitan University'),
  institute('munich', 'Hochschule für Musik München', { countryId: 'DE', countryName: 'Germany' }),
  institute('QC_HS_VER_NG', 'HSVQCI', { countryId: 'NG', countryName: 'Nigeria', searchable: false, children: 2 }),
  institute('waec', 'West African Examinations Council (WAEC)', {
    countryId: 'NG',
    countryName: 'Nigeria',
    parentId: 'QC_HS_VER_NG',
    searchable: false,
  }),
  institute('neco', 'National Examinations Council (NECO)', {
    countryId: 'NG',
    countryName: 'Nigeria',
    parentId: 'QC_HS_VER_NG',
    searchable: false,
  }),
  institute('QC_EMP', 'Employment Verification', { countryId: null, countryName: null, searchable: false }),
  ...Array.from({ length: 45 }, (_, i) =>
    institute(`poly-${String(i).padStart(2, '0')}`, `Polytechnic ${String.fromCharCode(65 + (i % 26))}${i}`),
  ),
];

export function runInstituteSearchContract(name: string, make: () => Promise<ContractSearchIndex>) {
  describe(`${name} institute search (contract)`, () => {
    let ctx: ContractSearchIndex;
    let index: InstituteSearchIndex;
    const ids = async (text: string, over: { countryIds?: string[]; parentId?: string; page?: number; size?: number } = {}) =>
      (await index.search({ text, page: 0, size: 20, ...over })).hits.map((h) => h.id);

    beforeAll(async () => {
      ctx = await make();
      index = ctx.index;
      await index.replaceAll(CATALOGUE);
    });
    afterAll(async () => {
      await ctx?.cleanup();
    });

    it('finds University of Demo first when the name is mistyped (a letter dropped, two swapped)', async () => {
      expect((await ids('Univrsity of Dmeo'))[0]).toBe('uni-demo');
      expect((await ids('Bath Colelge of Eduction'))[0]).toBe('bath');
    });

    it('tolerates missing small words, unfinished words, swapped letters and accents', async () => {
      expect((await ids('University Demo'))[0]).toBe('uni-demo');
      expect((await ids('the univ of dem'))[0]).toBe('uni-demo');
      expect((await ids('Dmeo')).sort()).toEqual(['uni-demo', 'uni-demo-archive']);
      expect(await ids('Univesrite de Lyon')).toContain('lyon');
      expect(await ids('hochschule fur musik munchen')).toEqual(['munich']);
    });

    it('answers the row as the API shows it, with every name of the institute', async () => {
      const { hits, total } = await index.search({ text: 'Demo University', page: 0, size: 5 });
      expect(total).toBeGreaterThanOrEqual(1);
      expect(hits[0]).toEqual({
        id: 'uni-demo',
        name: 'University of Demo',
        names: ['University of Demo', 'Demo University'],
        countryId: 'GB',
        countryName: 'United Kingdom',
        price: 45,
        surcharge: 5,
        readOnly: false,
        children: 0,
      });
    });

    it('answers nothing when a required word matches nothing', async () => {
      expect(await index.search({ text: 'University of Qwxzv', page: 0, size: 20 })).toEqual({ hits: [], total: 0 });
    });

    it('ranks the better match first, then the shorter name', async () => {
      expect((await ids('London'))[0]).toBe('london');
      expect(await ids('university london')).toEqual(['london', 'london-met']);
      expect((await ids('bath'))[0]).toBe('bath-spa');
    });

    it('filters by country', async () => {
      expect((await ids('universite', { countryIds: ['FR'] })).sort()).toEqual(['caen', 'lyon']);
      expect(await ids('universite', { countryIds: ['DE'] })).toEqual([]);
      expect(await ids('universite', { countryIds: ['XX'] })).toEqual([]);
    });

    it('keeps unlisted institutes out, but lists children by parent whether listed or not', async () => {
      expect(await ids('Employment Verification')).toEqual([]);
      expect(await ids('examinations council')).toEqual([]);
      expect((await ids('examinations council', { parentId: 'QC_HS_VER_NG' })).sort()).toEqual(['neco', 'waec']);
      expect(await ids('examinations council', { parentId: 'nope' })).toEqual([]);
    });

    it('pages in a stable order without repeats, and counts every match', async () => {
      const pages = await Promise.all([0, 1, 2].map((page) => index.search({ text: 'polytechnic', page, size: 20 })));
      const all = pages.flatMap((p) => p.hits.map((h) => h.id));
      expect(pages.map((p) => p.total)).toEqual([45, 45, 45]);
      expect(all).toHaveLength(45);
      expect(new Set(all).size).toBe(45);
      expect((await index.search({ text: 'polytechnic', page: 1, size: 20 })).hits.map((h) => h.id)).toEqual(
        pages[1]!.hits.map((h) => h.id),
      );
      expect(await index.search({ text: 'polytechnic', page: 9, size: 20 })).toEqual({ hits: [], total: 45 });
    });

    it('follows changes: a renamed institute is found by its new name only, a removed one not at all', async () => {
      await index.upsert([institute('bath', 'Bath Conservatoire', { price: 60 })]);
      expect(await ids('conservatoire')).toEqual(['bath']);
      expect(await ids('Bath College of Education')).toEqual([]);
      expect((await index.search({ text: 'conservatoire', page: 0, size: 1 })).hits[0]?.price).toBe(60);
      await index.remove(['bath']);
      expect(await ids('conservatoire')).toEqual([]);
      await index.upsert([institute('bath', 'Bath College of Education')]);
      expect((await ids('Bath Colelge of Eduction'))[0]).toBe('bath');
      expect(index.size()).toBe(CATALOGUE.length);
    });

    it('replaces everything it holds', async () => {
      await index.replaceAll([institute('only', 'Only College')]);
      expect(index.size()).toBe(1);
      expect(await ids('university')).toEqual([]);
      expect(await ids('only colege')).toEqual(['only']);
      await index.replaceAll(CATALOGUE);
    });
  });
}
