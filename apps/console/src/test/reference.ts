import { page, query, type Call } from '@/test/render';

/**
 * A fake simple-rest list of a reference resource (institutes, regions, countries) for the pickers: getMany's
 * `id` filter, and the `q` search the API understands, here a case-insensitive match on the name.
 */
export const referenceList =
  <T extends { id: string; name: string }>(resource: string, rows: T[]) =>
  (call: Call) => {
    const { id, q } = JSON.parse(query(call).filter ?? '{}') as { id?: string[]; q?: string };
    const selected = id
      ? rows.filter((r) => id.includes(r.id))
      : q
        ? rows.filter((r) => r.name.toLowerCase().includes(q.toLowerCase()))
        : rows;
    return page(resource, selected);
  };

/** The `q` searches the console sent to a resource, in order. */
export const searches = (calls: Call[], resource: string) =>
  calls
    .filter((c) => c.method === 'GET' && c.url.startsWith(`/admin/${resource}?`))
    .map((c) => JSON.parse(query(c).filter ?? '{}').q as string | undefined)
    .filter((q): q is string => Boolean(q));
