import { Prng } from '../data/prng';
import { DeletionIndex, InProcessInstituteIndex } from './in-process-institute-index';
import { runInstituteSearchContract } from './institute-search.contract';
import type { IndexedInstitute } from './institute-search.port';

runInstituteSearchContract('In-process', async () => ({
  index: new InProcessInstituteIndex(),
  cleanup: async () => undefined,
}));

describe('the in-process institute index at catalogue scale', () => {
  const words = ['University', 'College', 'Institute', 'Technical', 'National', 'Academy', 'School', 'Medical'];
  // 5,000 place names: a vocabulary the size of a real catalogue's.
  const places = Array.from({ length: 5000 }, (_, i) => `Place${i.toString(36)}ville`);
  const catalogue: IndexedInstitute[] = Array.from({ length: 50000 }, (_, i) => ({
    id: `I${i}`,
    name: `${places[i % places.length]} ${words[i % words.length]} of ${words[(i * 7) % words.length]}`,
    otherNames: [],
    countryId: `C${i % 200}`,
    countryName: null,
    parentId: null,
    searchable: true,
    price: 10,
    surcharge: 0,
    readOnly: false,
    children: 0,
  }));

  it('builds 50,000 institutes and answers a broad prefix over all of them, ranked', async () => {
    // What it costs (build time, CPU per query) is the bench's to report (npm run bench -- institute-search), not a
    // test's: tests never fail on timing.
    const index = new InProcessInstituteIndex();
    await index.replaceAll(catalogue);
    let result = index.searchNow({ text: 'univ', page: 0, size: 20 });
    for (let i = 0; i < 9; i++) result = index.searchNow({ text: 'univ', page: 0, size: 20 });
    expect(result.total).toBe(catalogue.filter((c) => /University/.test(c.name)).length);
    expect(result.hits).toHaveLength(20);
    // Shortest names first among equal scores.
    const lengths = result.hits.map((h) => h.name.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
  });
});

describe('the deletion index behind typo matching', () => {
  /** Plain Levenshtein distance, the definition the index must agree with. */
  const levenshtein = (a: string, b: string) => {
    let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const cur = [i];
      for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
    return prev[b.length]!;
  };

  it('finds exactly the words within one or two edits, with their distance', () => {
    const prng = new Prng(18);
    const letters = 'aabdeilmnorstu';
    const randomWord = (min: number, max: number) =>
      Array.from({ length: prng.int(min, max) }, () => letters[prng.int(0, letters.length - 1)]).join('');
    // Repeated letters on purpose ('aab', 'ssiss'): deleting either of two equal letters leaves the same string.
    const vocabulary = [...new Set([...Array.from({ length: 1000 }, () => randomWord(1, 10)), 'mississippi', 'committee', 'aab', 'a'])];
    const index = new DeletionIndex();
    vocabulary.forEach((w, term) => index.add(w, term));
    const mutate = (w: string) => {
      const i = prng.int(0, w.length);
      const c = letters[prng.int(0, letters.length - 1)];
      return [w.slice(0, i) + c + w.slice(i), w.slice(0, i) + w.slice(i + 1), w.slice(0, i) + c + w.slice(i + 1)][prng.int(0, 2)]!;
    };
    const queries = [
      ...vocabulary.slice(0, 300).map((w) => mutate(mutate(w))),
      ...vocabulary.slice(300, 400).map((w) => mutate(mutate(mutate(w)))),
      ...Array.from({ length: 100 }, () => randomWord(1, 12)),
      'misisipi',
      'comitee',
    ];
    let compared = 0;
    const mismatches: string[] = [];
    for (const q of queries) {
      const distances = vocabulary.map((w) => (Math.abs(w.length - q.length) > 2 ? 3 : levenshtein(q, w)));
      for (const max of [1, 2]) {
        const found: string[] = [];
        index.near(q, max, (term, distance) => found.push(`${term}:${distance}`));
        const expected = distances.flatMap((d, term) => (d <= max ? [`${term}:${d}`] : []));
        if (found.sort().join() !== expected.sort().join()) mismatches.push(`${q} within ${max}: ${found.sort().join()} | ${expected.join()}`);
        compared += expected.length;
      }
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(500);
    // Words added after the first lookup are found too.
    index.add('zebra', vocabulary.length);
    const late: number[] = [];
    index.near('zerba', 2, (term) => late.push(term));
    expect(late).toContain(vocabulary.length);
  });
});
