import type { Response } from 'express';
import { parseListQuery, setContentRange, type SortOrder } from '../../../common/http/simple-rest';
import { getManyWindow, type RawFilter } from '../../../common/http/sql-list';

/**
 * The simple-rest list protocol over rows held in memory (projection status, failed jobs, one event stream):
 * small sets that do not come from a table.
 */
export interface MemoryResource<T extends { id: string | number }, S extends string> {
  resource: string;
  sortable: Record<S, (row: T) => string | number | null>;
  defaultSort: readonly [S, SortOrder];
  filters: Record<string, (row: T, value: RawFilter) => boolean>;
}

export function listInMemory<T extends { id: string | number }, S extends string>(
  rows: T[],
  spec: MemoryResource<T, S>,
  rawQuery: Record<string, unknown>,
  res: Response,
): T[] {
  const query = parseListQuery(rawQuery, {
    sortable: Object.keys(spec.sortable) as S[],
    filterable: Object.keys(spec.filters),
    defaultSort: spec.defaultSort,
  });
  getManyWindow(query, rawQuery);
  let selected = rows;
  for (const [name, value] of Object.entries(query.filter)) {
    if (value === undefined) continue;
    if (name === 'id') {
      const ids = new Set((value as string[]).map(String));
      selected = selected.filter((r) => ids.has(String(r.id)));
      continue;
    }
    selected = selected.filter((r) => spec.filters[name](r, value));
  }
  const key = spec.sortable[query.sort.field];
  const sign = query.sort.order === 'ASC' ? 1 : -1;
  const sorted = [...selected].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return (x < y ? -1 : 1) * sign;
  });
  const page = sorted.slice(query.offset, query.offset + query.limit);
  setContentRange(res, spec.resource, query, page.length, sorted.length);
  return page;
}
