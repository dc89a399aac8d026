import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/shared/ui/test/renderUi';
import {
  PaginatedTable,
  showingCountries,
  shownRange,
  type TableColumn,
  type TableState,
} from '@/shared/ui/table';
import { pageWindow } from '@/shared/ui/table/paging';

interface Invoice {
  id: string;
  item: string;
  total: string;
  result?: string;
}

const invoices = (page: number, perPage: number, total: number): Invoice[] =>
  Array.from({ length: Math.max(0, Math.min(perPage, total - page * perPage)) }, (_, i) => {
    const n = page * perPage + i + 1;
    return { id: String(n), item: `Credit Purchase: Invoice ${n}`, total: `£${n}.00` };
  });

const columns: TableColumn<Invoice>[] = [
  { id: 'created', header: 'Date & Time', cell: (r) => `row ${r.id}`, sortable: true },
  { id: 'item', header: 'Item', cell: (r) => r.item },
  { id: 'paid', header: 'Total Amount (£)', cell: (r) => r.total, sortable: true, align: 'right' },
];

/** A screen in miniature: it owns the state and "fetches" the page the table asks for. */
function Harness({
  total,
  initial = { page: 0, perPage: 20 },
  onChange,
  loading,
  onRowClick,
}: {
  total: number;
  initial?: TableState;
  onChange?: (s: TableState) => void;
  loading?: boolean;
  onRowClick?: (r: Invoice) => void;
}) {
  const [state, setState] = useState<TableState>(initial);
  return (
    <PaginatedTable
      label="Invoices"
      columns={columns}
      rows={invoices(state.page, state.perPage, total)}
      rowKey={(r) => r.id}
      total={total}
      state={state}
      onChange={(s) => {
        onChange?.(s);
        setState(s);
      }}
      emptyText="No invoices yet."
      loading={loading}
      onRowClick={onRowClick}
      highlightRow={(r) => r.id === '2'}
    />
  );
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Invoices' }))
    .getAllByRole('row')
    .slice(1);

describe('PaginatedTable', () => {
  it("shows a page of rows and 'Showing X to Y of Z entries'", () => {
    renderUi(<Harness total={47} />);
    expect(bodyRows()).toHaveLength(20);
    expect(screen.getByText('Showing 1 to 20 of 47 entries')).toBeInTheDocument();
  });

  it('asks for the next, last and a numbered page, and marks the current one', async () => {
    const onChange = vi.fn();
    renderUi(<Harness total={47} onChange={onChange} />);
    const pages = screen.getByRole('navigation', { name: 'Invoices pages' });
    expect(within(pages).getByRole('button', { name: 'Go to page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pages).getByRole('button', { name: 'Go to previous page' })).toBeDisabled();

    await userEvent.click(within(pages).getByRole('button', { name: 'Go to next page' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, perPage: 20 });
    expect(screen.getByText('Showing 21 to 40 of 47 entries')).toBeInTheDocument();

    await userEvent.click(within(pages).getByRole('button', { name: 'Go to last page' }));
    expect(screen.getByText('Showing 41 to 47 of 47 entries')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(7);
    expect(within(pages).getByRole('button', { name: 'Go to next page' })).toBeDisabled();
    expect(within(pages).getByRole('button', { name: 'Go to page 3' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await userEvent.click(within(pages).getByRole('button', { name: 'Go to page 2' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, perPage: 20 });
  });

  it('offers 5, 10, 25 and 50 per page beside the list size, and goes back to the first page on a change', async () => {
    const onChange = vi.fn();
    renderUi(<Harness total={120} initial={{ page: 3, perPage: 20 }} onChange={onChange} />);
    expect(screen.getByText('Showing 61 to 80 of 120 entries')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Per page' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['5', '10', '20', '25', '50']);
    await userEvent.click(screen.getByRole('option', { name: '50' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 0, perPage: 50 });
    expect(screen.getByText('Showing 1 to 50 of 120 entries')).toBeInTheDocument();
  });

  it('shows at most 5 numbered page buttons around the current page', () => {
    renderUi(<Harness total={400} initial={{ page: 9, perPage: 20 }} />);
    const pages = screen.getByRole('navigation', { name: 'Invoices pages' });
    const numbered = within(pages)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'))
      .filter((l) => l?.startsWith('Go to page'));
    expect(numbered).toEqual([
      'Go to page 8',
      'Go to page 9',
      'Go to page 10',
      'Go to page 11',
      'Go to page 12',
    ]);
    expect(pageWindow(0, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(19, 20)).toEqual([15, 16, 17, 18, 19]);
  });

  it('sorts by a column: ascending first, then flips, with aria-sort on the header', async () => {
    const onChange = vi.fn();
    renderUi(<Harness total={47} initial={{ page: 2, perPage: 20 }} onChange={onChange} />);
    const header = screen.getByRole('columnheader', { name: 'Date & Time' });
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Item' })).not.toHaveAttribute('aria-sort');

    await userEvent.click(within(header).getByRole('button'));
    expect(onChange).toHaveBeenLastCalledWith({
      page: 0,
      perPage: 20,
      sort: { field: 'created', direction: 'asc' },
    });
    expect(header).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(within(header).getByRole('button'));
    expect(onChange).toHaveBeenLastCalledWith({
      page: 0,
      perPage: 20,
      sort: { field: 'created', direction: 'desc' },
    });
    expect(header).toHaveAttribute('aria-sort', 'descending');

    const amount = screen.getByRole('columnheader', { name: 'Total Amount (£)' });
    await userEvent.click(within(amount).getByRole('button'));
    expect(amount).toHaveAttribute('aria-sort', 'ascending');
    expect(header).toHaveAttribute('aria-sort', 'none');
  });

  it("says what would be listed when there is nothing, and 'Showing 0 to 0 of 0 entries'", () => {
    renderUi(<Harness total={0} />);
    expect(screen.getByText('No invoices yet.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Invoices pages' });
    expect(within(pages).getByRole('button', { name: 'Go to next page' })).toBeDisabled();
    expect(within(pages).getByRole('button', { name: 'Go to last page' })).toBeDisabled();
  });

  it('shows placeholders while the first page loads and keeps the rows while another loads', () => {
    const { rerender } = renderUi(
      <PaginatedTable
        label="Invoices"
        columns={columns}
        rows={undefined}
        rowKey={(r) => r.id}
        total={0}
        state={{ page: 0, perPage: 20 }}
        onChange={() => undefined}
        emptyText="No invoices yet."
      />,
    );
    const table = screen.getByRole('table', { name: 'Invoices' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No invoices yet.')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();

    rerender(
      <PaginatedTable
        label="Invoices"
        columns={columns}
        rows={invoices(0, 20, 30)}
        rowKey={(r) => r.id}
        total={30}
        state={{ page: 1, perPage: 20 }}
        onChange={() => undefined}
        emptyText="No invoices yet."
        loading
      />,
    );
    expect(screen.getByRole('table', { name: 'Invoices' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Credit Purchase: Invoice 1')).toBeInTheDocument();
  });

  it('opens a row by click or by Enter, and highlights the rows asked for', async () => {
    const open = vi.fn();
    renderUi(<Harness total={3} onRowClick={open} />);
    await userEvent.click(screen.getByText('Credit Purchase: Invoice 3'));
    expect(open).toHaveBeenLastCalledWith(expect.objectContaining({ id: '3' }));
    const first = bodyRows()[0];
    first.focus();
    await userEvent.keyboard('{Enter}');
    expect(open).toHaveBeenLastCalledWith(expect.objectContaining({ id: '1' }));
    expect(bodyRows()[1]).toHaveAttribute('data-highlighted', 'true');
    expect(bodyRows()[0]).not.toHaveAttribute('data-highlighted');
  });

  it("labels each cell with its column for the phone's stacked rows", () => {
    renderUi(<Harness total={1} />);
    const cells = within(bodyRows()[0]).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual([
      'Date & Time',
      'Item',
      'Total Amount (£)',
    ]);
  });

  it('keeps a plain table that scrolls inside its card when asked to', () => {
    renderUi(
      <PaginatedTable
        label="Public Holidays"
        phoneLayout="scroll"
        columns={columns}
        rows={invoices(0, 10, 1)}
        rowKey={(r) => r.id}
        total={1}
        state={{ page: 0, perPage: 10 }}
        onChange={() => undefined}
        emptyText="No public holidays."
      />,
    );
    const cells = within(screen.getByRole('table', { name: 'Public Holidays' })).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual([null, null, null]);
    expect(screen.getByRole('region', { name: 'Public Holidays, scrolls sideways' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });

  it("words Country Insights' pager its own way", () => {
    expect(showingCountries(16, 30, 182)).toBe('Showing entries 16 to 30 of 182 countries');
    expect(shownRange(12, 15, 182)).toEqual({ from: 181, to: 182 });
    expect(shownRange(0, 15, 0)).toEqual({ from: 0, to: 0 });
  });
});
