import userEvent from '@testing-library/user-event';
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

/**
 * Puts `text` into a picker in one input event, as a user pasting it (or typing faster than the 250 ms debounce)
 * does, so the picker sends one search for the whole text.
 *
 * Typed key by key on a loaded machine, each key can take longer than the debounce, so every prefix becomes a
 * search; ra-core's useReferenceParams applies a filter on a setTimeout(0) and keeps only the first filter that
 * arrives before that timeout runs (its closure holds the first value), and under jsdom the last prefix was
 * sometimes the one dropped: the field showed 'of dem' while the list stayed filtered by 'of d' (CI, 2026-11-28).
 */
export async function searchIn(picker: HTMLElement, text: string) {
  await userEvent.click(picker);
  await userEvent.paste(text);
}
