import { useCallback, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/** Builds the next params from the newest ones asked for (a copy: the change may edit it). */
export type SearchParamsChange = (latest: URLSearchParams) => URLSearchParams;

/**
 * `useSearchParams` for screens that keep their filters and page in the URL, whose updates build on the newest
 * params asked for rather than on those of the last render. React Router applies a navigation in a transition, so a
 * second change made before the screen re-renders (a quick second click, a busy browser) started from the old
 * params and undid the first: in a CI run, a Result picked in the history's Filters and then 'Last week' left only
 * the dates. (Its own functional form, `setSearchParams(prev => ...)`, passes the rendered params too.)
 *
 * The params asked for wait in a queue until the location shows them; a location that shows none of them (Back, a
 * link) empties the queue, and the next change builds on what is shown.
 */
export function useSearchParamsState(): readonly [
  URLSearchParams,
  (change: SearchParamsChange, options?: NavigateOptions) => void,
] {
  const [params, setParams] = useSearchParams();
  const queued = useRef<string[]>([]);
  const shown = useRef(params);
  if (shown.current !== params) {
    // Rendering with new params: what was asked for up to them has arrived.
    shown.current = params;
    const at = queued.current.indexOf(params.toString());
    queued.current = at < 0 ? [] : queued.current.slice(at + 1);
  }
  const update = useCallback(
    (change: SearchParamsChange, options?: NavigateOptions) => {
      const newest = queued.current.at(-1) ?? shown.current.toString();
      const next = change(new URLSearchParams(newest));
      queued.current.push(next.toString());
      setParams(next, options);
    },
    [setParams],
  );
  return [params, update] as const;
}
