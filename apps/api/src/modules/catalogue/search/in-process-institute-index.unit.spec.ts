import { InProcessInstituteIndex } from './in-process-institute-index';
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

  it('builds 50,000 institutes well under a second, and answers a broad prefix in milliseconds', async () => {
    // CPU time, not wall time: the test machine is shared. Loose bounds; the bench reports the figures.
    const cpuMs = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
    const index = new InProcessInstituteIndex();
    const started = cpuMs();
    await index.replaceAll(catalogue);
    index.searchNow({ text: 'univ', page: 0, size: 20 }); // ranks once after the build
    expect(cpuMs() - started).toBeLessThan(2500);
    const t0 = cpuMs();
    let result = index.searchNow({ text: 'univ', page: 0, size: 20 });
    for (let i = 0; i < 9; i++) result = index.searchNow({ text: 'univ', page: 0, size: 20 });
    expect((cpuMs() - t0) / 10).toBeLessThan(20);
    expect(result.total).toBe(catalogue.filter((c) => /University/.test(c.name)).length);
    expect(result.hits).toHaveLength(20);
    // Shortest names first among equal scores.
    const lengths = result.hits.map((h) => h.name.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
  });
});
