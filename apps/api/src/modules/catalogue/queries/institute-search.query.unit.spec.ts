import type { Pool } from 'pg';
import type { InstituteSearchIndex } from '../search/institute-search.port';
import { InstituteSearchQuery } from './institute-search.query';

const row = {
  id: 'uni-demo',
  name: 'University of Demo',
  other_names: [],
  country_id: 'GB',
  country_name: 'United Kingdom',
  price: 10,
  surcharge: 0,
  read_only: false,
  children: 0,
  total: 1,
};

describe('InstituteSearchQuery', () => {
  const criteria = { name: 'Demo', fuzzy: true, page: 0, size: 20 };

  it('answers a fuzzy search from the index without touching SQL', async () => {
    const query = jest.fn();
    const index = {
      search: jest.fn().mockResolvedValue({ hits: [], total: 0 }),
    } as unknown as InstituteSearchIndex;
    const search = new InstituteSearchQuery({ query } as unknown as Pool, index);
    await expect(search.run(criteria)).resolves.toEqual({ hits: [], total: 0 });
    expect(query).not.toHaveBeenCalled();
  });

  it('falls back to the SQL substring search when the search engine is out of reach', async () => {
    const query = jest.fn().mockResolvedValue({ rows: [row] });
    const index = {
      search: jest.fn().mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:7700')),
    } as unknown as InstituteSearchIndex;
    const search = new InstituteSearchQuery({ query } as unknown as Pool, index);
    const result = await search.run(criteria);
    expect(result.total).toBe(1);
    expect(result.hits.map((h) => h.id)).toEqual(['uni-demo']);
    // The typed text, as a substring of a name (LIKE wildcards escaped).
    expect(query.mock.calls[0][1]).toContain('%Demo%');
  });
});
