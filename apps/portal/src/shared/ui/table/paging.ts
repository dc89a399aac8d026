/** Where a list is: a 0-based page (as the API counts them), its size, and the column it is sorted by. */
export interface TableState {
  page: number;
  perPage: number;
  sort?: TableSort;
}

export interface TableSort {
  field: string;
  direction: 'asc' | 'desc';
}

/** Lists: 20 per page; options 5, 10, 25, 50; 5 page buttons (money-and-insights.md 9, verifications.md 9). */
export const DEFAULT_PER_PAGE = 20;
export const PER_PAGE_OPTIONS: readonly number[] = [5, 10, 25, 50];
export const PAGE_BUTTONS = 5;

/** The 1-based first and last row shown, 0 and 0 when there are none. */
export function shownRange(page: number, perPage: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min(page * perPage + 1, total);
  return { from, to: Math.min((page + 1) * perPage, total) };
}

/** 'Showing X to Y of Z entries' (money 2.13, verifications.md 2.5, 2.10, 2.11). */
export const showingEntries = (from: number, to: number, total: number) =>
  `Showing ${from} to ${to} of ${total} entries`;

/** 'Showing entries X to Y of Z countries' (Country Insights, money 2.18). */
export const showingCountries = (from: number, to: number, total: number) =>
  `Showing entries ${from} to ${to} of ${total} countries`;

export const pageCount = (perPage: number, total: number) => Math.max(1, Math.ceil(total / perPage));

/** The 0-based pages of the numbered buttons: at most `buttons`, the current one centred where it can be. */
export function pageWindow(page: number, pages: number, buttons = PAGE_BUTTONS): number[] {
  const size = Math.min(buttons, pages);
  const start = Math.min(Math.max(0, page - Math.floor(size / 2)), pages - size);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** Click on a column header: a new column sorts ascending, the same one flips. */
export function nextSort(current: TableSort | undefined, field: string): TableSort {
  if (current?.field !== field) return { field, direction: 'asc' };
  return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}
