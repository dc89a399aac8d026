import { DomainError } from '@credence/domain';
import type { Response } from 'express';
import { parseListQuery, parsePage } from './list-query';
import { contentRange, listInMemory, setContentRange, type ListQueryOptions } from './simple-rest';

const spec: ListQueryOptions<'name' | 'id'> = {
  filterable: { q: 'text', readOnly: 'boolean', minYear: 'number', countryId: 'ids' },
  sortable: ['name', 'id'],
  defaultSort: ['name', 'ASC'],
};
const parseSimpleRestQuery = parseListQuery;

const refusal = (query: Record<string, unknown>) => {
  try {
    parseSimpleRestQuery(query, spec);
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    expect((e as DomainError).kind).toBe('invalid');
    return (e as DomainError).message;
  }
  throw new Error('expected a refusal');
};

describe('ra-data-simple-rest query parsing', () => {
  it('reads filter, sort and an inclusive range as react-admin sends them', () => {
    const q = parseSimpleRestQuery(
      { filter: '{"q":"demo","readOnly":true,"minYear":"1990"}', sort: '["id","desc"]', range: '[10,19]' },
      spec,
    );
    expect(q.filter).toEqual({ q: 'demo', readOnly: true, minYear: 1990 });
    expect(q.sort).toEqual({ field: 'id', order: 'DESC' });
    expect(q).toMatchObject({ range: { start: 10, end: 19 }, offset: 10, limit: 10 });
  });

  it('uses the default sort and first page when nothing is given', () => {
    const q = parseSimpleRestQuery({}, spec);
    expect(q).toMatchObject({ filter: {}, sort: { field: 'name', order: 'ASC' }, offset: 0, limit: 25 });
  });

  it('reads getMany (filter id list) and single ids, numbers as strings', () => {
    expect(parseSimpleRestQuery({ filter: '{"id":["a",2]}' }, spec).filter).toEqual({ id: ['a', '2'] });
    expect(parseSimpleRestQuery({ filter: '{"countryId":"GB"}' }, spec).filter).toEqual({
      countryId: ['GB'],
    });
  });

  it('skips empty filter values (a cleared input)', () => {
    expect(parseSimpleRestQuery({ filter: '{"q":"","readOnly":null}' }, spec).filter).toEqual({});
  });

  it.each([
    [{ filter: 'not json' }, 'The filter parameter is not valid JSON.'],
    [{ filter: '[1]' }, 'The filter parameter must be a JSON object.'],
    [
      { filter: '{"secret":1}' },
      "Cannot filter by 'secret'. Filters allowed: id, q, readOnly, minYear, countryId.",
    ],
    [{ filter: '{"readOnly":"maybe"}' }, "The filter 'readOnly' must be true or false."],
    [{ filter: '{"minYear":"soon"}' }, "The filter 'minYear' must be a number."],
    [{ filter: '{"q":{"$ne":1}}' }, "The filter 'q' must be text."],
    [{ filter: '{"id":[{}]}' }, "The filter 'id' must be an id or a list of ids."],
    [{ sort: '["password","ASC"]' }, "Cannot sort by 'password'. Sortable fields: name, id."],
    [{ sort: '["name","UP"]' }, 'The sort order must be ASC or DESC.'],
    [{ sort: '"name"' }, 'The sort parameter must be ["field","ASC"] or ["field","DESC"].'],
    [{ range: '[5,2]' }, 'The range parameter must be [start, end] with 0 <= start <= end.'],
    [{ range: '[-1,2]' }, 'The range parameter must be [start, end] with 0 <= start <= end.'],
    [{ range: '[0,1.5]' }, 'The range parameter must be [start, end] with 0 <= start <= end.'],
    [{ range: '[0,5000]' }, 'The range may cover at most 1000 rows.'],
    [{ range: ['[0,1]', '[0,2]'] }, 'The range parameter must be given once.'],
  ])('refuses %j', (query, message) => {
    expect(refusal(query)).toBe(message);
  });
});

describe('Content-Range', () => {
  it('names the resource, the inclusive span and the total', () => {
    expect(contentRange('institutes', 0, 25, 319)).toBe('institutes 0-24/319');
    expect(contentRange('institutes', 300, 19, 319)).toBe('institutes 300-318/319');
    expect(contentRange('institutes', 0, 0, 0)).toBe('institutes */0');
  });

  it('is set with X-Total-Count on the response', () => {
    const headers: Record<string, string> = {};
    const res = { setHeader: (k: string, v: string) => (headers[k] = v) } as unknown as Response;
    setContentRange(res, 'countries', { offset: 5 }, 2, 12);
    expect(headers).toEqual({ 'Content-Range': 'countries 5-6/12', 'X-Total-Count': '12' });
  });
});

describe('parseListQuery (field allowlist, scalar values)', () => {
  const options = {
    sortable: ['createdAt', 'to'] as const,
    filterable: ['to', 'q'],
    defaultSort: ['createdAt', 'DESC'] as const,
  };

  it('passes scalar filters through and always lists ids as strings', () => {
    const q = parseListQuery({ filter: '{"to":"a@b.test","id":7}', range: '[0,9]' }, options);
    expect(q.filter).toEqual({ to: 'a@b.test', id: ['7'] });
    expect(q).toMatchObject({ sort: { field: 'createdAt', order: 'DESC' }, offset: 0, limit: 10 });
  });

  it('refuses unknown fields and object values', () => {
    expect(() => parseListQuery({ filter: '{"from":"x"}' }, options)).toThrow(
      "Cannot filter by 'from'. Filters allowed: id, to, q.",
    );
    expect(() => parseListQuery({ filter: '{"to":{"$gt":""}}' }, options)).toThrow(
      "The filter 'to' must be a value or a list of values.",
    );
    expect(() => parseListQuery({ sort: '["subject","ASC"]' }, options)).toThrow("Cannot sort by 'subject'.");
  });

  it('sets Content-Range from the query offset', () => {
    const headers: Record<string, string> = {};
    const res = { setHeader: (k: string, v: string) => (headers[k] = v) } as unknown as Response;
    setContentRange(res, 'mails', { offset: 20 }, 3, 23);
    expect(headers['Content-Range']).toBe('mails 20-22/23');
  });
});

describe('every resource', () => {
  const options = { sortable: ['createdAt'] as const, filterable: ['q'], defaultSort: ['createdAt', 'DESC'] as const };

  it("sorts by id, react-admin's default sort, without declaring it", () => {
    expect(parseListQuery({ sort: '["id","ASC"]' }, options).sort).toEqual({ field: 'id', order: 'ASC' });
    // The refusal names only the declared fields.
    expect(() => parseListQuery({ sort: '["secret","ASC"]' }, options)).toThrow("Cannot sort by 'secret'. Sortable fields: createdAt.");
  });

  it('widens the window of getMany (ids without a range) to every id asked for', () => {
    const ids = Array.from({ length: 40 }, (_, i) => String(i));
    const q = parseListQuery({ filter: JSON.stringify({ id: ids }) }, options);
    expect(q).toMatchObject({ offset: 0, limit: 40 });
    expect(parseListQuery({ filter: JSON.stringify({ id: ids }), range: '[0,9]' }, options).limit).toBe(10);
  });

  it('filters ids before paging and sorts by id in memory', async () => {
    const headers: Record<string, string> = {};
    const res = { setHeader: (k: string, v: string) => (headers[k] = v) } as unknown as Response;
    const rows = Array.from({ length: 30 }, (_, i) => ({ id: `r${String(i).padStart(2, '0')}`, n: i }));
    const resource = { resource: 'things', sortable: { n: (r: { n: number }) => r.n }, defaultSort: ['n', 'ASC'] as const, filters: {} };
    const many = await listInMemory(rows, resource, { filter: '{"id":["r29","r01"]}', sort: '["id","DESC"]' }, res);
    expect(many.map((r) => r.id)).toEqual(['r29', 'r01']);
    expect(headers['Content-Range']).toBe('things 0-1/2');
  });
});

describe('parsePage (/v1 lists)', () => {
  it('reads page and size within bounds', () => {
    expect(parsePage({ page: '2', size: '10' }, { size: 20, maxSize: 100, maxPage: 1000 })).toEqual({ page: 2, size: 10, offset: 20 });
    expect(parsePage({}, { size: 20, maxSize: 100, maxPage: 1000 })).toEqual({ page: 0, size: 20, offset: 0 });
    expect(() => parsePage({ size: '101' }, { size: 20, maxSize: 100, maxPage: 1000 })).toThrow('The size parameter must be a whole number from 1 to 100.');
  });
});
