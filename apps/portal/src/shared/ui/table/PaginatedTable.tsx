import {
  Box,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { KeyboardEvent, ReactNode } from 'react';
import { Pager } from '@/shared/ui/table/Pager';
import {
  nextSort,
  PER_PAGE_OPTIONS,
  showingEntries,
  type TableSort,
  type TableState,
} from '@/shared/ui/table/paging';
import { visuallyHidden } from '@/shared/ui/visuallyHidden';

export interface TableColumn<Row> {
  /** The field the server sorts by, and the column's key. */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  /** Left out of the phone's stacked rows (still in the wide table), for what a phone can live without. */
  hideOnPhone?: boolean;
  /** Kept on one line in the wide table (a date: '28 Nov 2026', never '28 Nov / 2026' beside wider columns). */
  noWrap?: boolean;
}

export interface PaginatedTableProps<Row> {
  /** The table's accessible name, e.g. 'Invoices'. */
  label: string;
  columns: readonly TableColumn<Row>[];
  /** undefined while the first page loads. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  total: number;
  state: TableState;
  /** A new page, page size or sort; a new size or sort goes back to the first page. */
  onChange: (next: TableState) => void;
  /** Says what would be listed, e.g. 'No invoices yet.' */
  emptyText: string;
  /** A later page is loading: the current rows stay, dimmed. */
  loading?: boolean;
  perPageOptions?: readonly number[];
  summary?: (from: number, to: number, total: number) => string;
  onRowClick?: (row: Row) => void;
  /** Rows to make stand out (verifications.md 2.10: REJECTED and NOT_FOUND). */
  highlightRow?: (row: Row) => boolean;
  /** Phones: 'stack' turns each row into a small card of label/value lines; 'scroll' keeps the table and scrolls it
   * sideways inside its card. Either way the page itself never scrolls sideways. */
  phoneLayout?: 'stack' | 'scroll';
}

const PHONE = '@media (max-width: 599.95px)';

/** A server-paged list (money 2.13, verifications.md 2.10, 2.11): sortable headers, the 'Showing ...' pager. */
export function PaginatedTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  total,
  state,
  onChange,
  emptyText,
  loading = false,
  perPageOptions = PER_PAGE_OPTIONS,
  summary = showingEntries,
  onRowClick,
  highlightRow,
  phoneLayout = 'stack',
}: PaginatedTableProps<Row>) {
  const stack = phoneLayout === 'stack';
  const busy = loading || rows === undefined;

  const sortBy = (field: string) => onChange({ ...state, page: 0, sort: nextSort(state.sort, field) });

  const keyOpen = (row: Row) => (e: KeyboardEvent<HTMLTableRowElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onRowClick?.(row);
    }
  };

  return (
    <Box>
      <TableContainer
        sx={{ overflowX: 'auto', maxWidth: '100%' }}
        // A region that scrolls must be reachable by keyboard, to scroll it with the arrow keys.
        {...(stack ? {} : { tabIndex: 0, role: 'region', 'aria-label': `${label}, scrolls sideways` })}
      >
        <Table
          size="small"
          aria-label={label}
          aria-busy={busy || undefined}
          sx={[
            { '& th': { fontWeight: 650, whiteSpace: 'nowrap' } },
            stack
              ? {
                  [PHONE]: {
                    // Explicit roles keep the table's semantics when its elements are laid out as blocks.
                    // Row groups ignore width and overflow: as a block the header can be clipped away.
                    '& thead': { ...visuallyHidden, display: 'block' },
                    '& tbody, & tr, & td': { display: 'block', width: '100%' },
                    '& tbody tr': { borderBottom: 1, borderColor: 'divider', py: 1 },
                    '& td': { border: 0, py: 0.375, px: 0.5, textAlign: 'left !important' },
                    // Label and value side by side: a row takes as many lines as it has columns.
                    '& td[data-label]': {
                      display: 'grid',
                      gridTemplateColumns: 'minmax(6.5rem, 38%) 1fr',
                      columnGap: 1.5,
                      alignItems: 'center',
                      overflowWrap: 'anywhere',
                    },
                    '& td[data-label]::before': {
                      content: 'attr(data-label)',
                      fontSize: '0.75rem',
                      fontWeight: 600,
                      color: 'text.secondary',
                    },
                    '& td[data-label] > *': { justifySelf: 'start' },
                    '& td[data-phone-hidden]': { display: 'none' },
                  },
                }
              : { minWidth: 560 },
          ]}
        >
          <TableHead role={stack ? 'rowgroup' : undefined}>
            <TableRow role={stack ? 'row' : undefined}>
              {columns.map((c) => (
                <HeaderCell key={c.id} column={c} sort={state.sort} onSort={sortBy} stack={stack} />
              ))}
            </TableRow>
          </TableHead>
          <TableBody
            role={stack ? 'rowgroup' : undefined}
            sx={{ opacity: loading && rows?.length ? 0.55 : 1 }}
          >
            {rows === undefined &&
              Array.from({ length: Math.min(state.perPage, 5) }, (_, i) => (
                <TableRow key={`loading-${i}`} role={stack ? 'row' : undefined}>
                  <TableCell colSpan={columns.length} role={stack ? 'cell' : undefined}>
                    <Skeleton aria-hidden />
                  </TableCell>
                </TableRow>
              ))}
            {rows?.length === 0 && (
              <TableRow role={stack ? 'row' : undefined}>
                <TableCell
                  colSpan={columns.length}
                  role={stack ? 'cell' : undefined}
                  sx={{ py: 5, textAlign: 'center' }}
                >
                  <Typography color="text.secondary">{emptyText}</Typography>
                </TableCell>
              </TableRow>
            )}
            {rows?.map((row) => {
              const highlighted = highlightRow?.(row) ?? false;
              return (
                <TableRow
                  key={rowKey(row)}
                  role={stack ? 'row' : undefined}
                  hover={!!onRowClick}
                  data-highlighted={highlighted || undefined}
                  tabIndex={onRowClick ? 0 : undefined}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  onKeyDown={onRowClick ? keyOpen(row) : undefined}
                  sx={[
                    !!onRowClick && { cursor: 'pointer' },
                    highlighted && ((t) => ({ bgcolor: alpha(t.palette.warning.light, 0.12) })),
                  ]}
                >
                  {columns.map((c) => (
                    <TableCell
                      key={c.id}
                      align={c.align}
                      role={stack ? 'cell' : undefined}
                      data-label={stack ? c.header : undefined}
                      data-phone-hidden={stack && c.hideOnPhone ? true : undefined}
                      sx={c.noWrap && !stack ? { whiteSpace: 'nowrap' } : undefined}
                    >
                      {c.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Pager
        label={label}
        page={state.page}
        perPage={state.perPage}
        total={rows === undefined ? 0 : total}
        perPageOptions={perPageOptions}
        summary={summary}
        onPage={(page) => onChange({ ...state, page })}
        onPerPage={(perPage) => onChange({ ...state, perPage, page: 0 })}
      />
    </Box>
  );
}

function HeaderCell<Row>({
  column,
  sort,
  onSort,
  stack,
}: {
  column: TableColumn<Row>;
  sort: TableSort | undefined;
  onSort: (field: string) => void;
  stack: boolean;
}) {
  const active = sort?.field === column.id;
  const ariaSort = !column.sortable
    ? undefined
    : !active
      ? 'none'
      : sort.direction === 'asc'
        ? 'ascending'
        : 'descending';
  return (
    <TableCell align={column.align} role={stack ? 'columnheader' : undefined} aria-sort={ariaSort}>
      {column.sortable ? (
        <TableSortLabel
          active={active}
          direction={active ? sort.direction : 'asc'}
          onClick={() => onSort(column.id)}
          // A faint arrow says the column sorts before anyone hovers it.
          sx={{ '&:not(.Mui-active) .MuiTableSortLabel-icon': { opacity: 0.3 } }}
        >
          {column.header}
        </TableSortLabel>
      ) : (
        column.header
      )}
    </TableCell>
  );
}
