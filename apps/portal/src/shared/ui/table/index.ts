export { PaginatedTable, type PaginatedTableProps, type TableColumn } from '@/shared/ui/table/PaginatedTable';
export {
  DEFAULT_PER_PAGE,
  PAGE_BUTTONS,
  PER_PAGE_OPTIONS,
  showingCountries,
  showingEntries,
  shownRange,
  type TableSort,
  type TableState,
} from '@/shared/ui/table/paging';
