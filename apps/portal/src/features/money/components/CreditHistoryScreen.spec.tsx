import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { historyRow, renderMoney } from '@/features/money/test/renderMoney';
import { seriousAxeViolations } from '@/features/money/test/axe';
import { queryKeys } from '@/shared/query/queryKeys';
import { json, mockFetch } from '@/test/fetchMock';
import { signInAs } from '@/test/session';

const rows = [
  historyRow(),
  historyRow({
    id: 'M-2',
    type: 'PSV',
    name: 'Jane Doe, University of Demo',
    paid: 45.5,
    receiptId: 'V-9',
    invoiceId: null,
    verificationId: 'V-9',
    created: '2026-11-19T09:05:00Z',
  }),
  historyRow({
    id: 'M-3',
    type: 'AC',
    name: 'College of Demo Accreditation',
    paid: 9,
    receiptId: null,
    invoiceId: null,
    created: '2026-11-18T08:00:00Z',
  }),
];

function answer(total = 3) {
  return mockFetch((req) =>
    req.path === '/v1/credit/history' ? json({ content: rows, totalSize: total }) : undefined,
  );
}

describe('Invoices / Receipts (/credit/history, money 2.13)', () => {
  it('lists the rows with the spec columns, items and negative spending, 20 a page', async () => {
    signInAs();
    const fetch = answer();
    renderMoney('/credit/history');
    expect(await screen.findByRole('heading', { name: 'Invoices' })).toBeInTheDocument();
    expect(screen.getByText('Past credit transactions processed by you and your team')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Invoices' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Date & Time', 'Item', 'User', 'Total Amount (£)']);
    expect(await within(table).findByText('Credit Purchase: Invoice INV-1001')).toBeInTheDocument();
    expect(within(table).getByText('20 Nov 2026 14:30')).toBeInTheDocument();
    expect(within(table).getByText('£60.00')).toBeInTheDocument();
    expect(within(table).getByText('-£45.50')).toBeInTheDocument();
    expect(within(table).getByText('-£9.00')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 3 of 3 entries')).toBeInTheDocument();
    const call = fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x')).find((u) => u.pathname === '/v1/credit/history');
    expect(call?.searchParams.get('page')).toBe('0');
    expect(call?.searchParams.get('size')).toBe('20');
  });

  it('says Receipts to individuals', async () => {
    signInAs({ isIndividual: true });
    answer();
    renderMoney('/credit/history');
    expect(await screen.findByRole('heading', { name: 'Receipts' })).toBeInTheDocument();
    expect(screen.getByText('Past credit transactions processed by you')).toBeInTheDocument();
  });

  it('reads the unseen-invoices count again once the list has come (the API reset it)', async () => {
    signInAs();
    answer();
    const { queryClient } = renderMoney('/credit/history');
    queryClient.setQueryData(queryKeys.credit.summary(), { credit: 10, unseenInvoices: 4 });
    await screen.findByText('Credit Purchase: Invoice INV-1001');
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.credit.summary())?.isInvalidated).toBe(true));
  });

  it('asks for another page size and page', async () => {
    signInAs();
    const fetch = answer(60);
    renderMoney('/credit/history');
    await screen.findByText('Showing 1 to 20 of 60 entries');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^(Go to )?page 2$/i }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).includes('page=1'))).toBe(true),
    );
  });

  it('opens a purchase invoice, a verification, and warns about a standalone accreditation', async () => {
    signInAs();
    answer();
    const { router } = renderMoney('/credit/history');
    const user = userEvent.setup();
    await user.click(await screen.findByText('College of Demo Accreditation'));
    expect(await screen.findByText('Standalone accreditations cannot be viewed yet.')).toBeInTheDocument();
    expect(screen.getByText('Not implemented')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/credit/history');

    await user.click(screen.getByText('Jane Doe, University of Demo'));
    expect(await screen.findByText('Now at /verification/history/V-9')).toBeInTheDocument();
    await router.navigate('/credit/history');
    mockFetch((req) => (req.path === '/v1/credit/history' ? json({ content: rows, totalSize: 3 }) : undefined));
    await user.click(await screen.findByText('Credit Purchase: Invoice INV-1001'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/credit/history/INV-1001'));
  });

  it('opens a refund\'s verification; a staff grant leads nowhere', async () => {
    signInAs();
    const refundRows = [
      historyRow({ id: 'M-7', type: 'REFUND', name: 'Verification cancelled before it was worked (refunded to your card)', paid: 45.5, receiptId: 'V-9', invoiceId: null, verificationId: 'V-9', username: 'Credence' }),
      historyRow({ id: 'M-8', type: 'GRANT', name: 'Goodwill', paid: 10, receiptId: null, invoiceId: null, verificationId: null }),
    ];
    mockFetch((req) => (req.path === '/v1/credit/history' ? json({ content: refundRows, totalSize: 2 }) : undefined));
    const { router } = renderMoney('/credit/history');
    const user = userEvent.setup();
    await user.click(await screen.findByText('Goodwill'));
    expect(router.state.location.pathname).toBe('/credit/history');
    await user.click(screen.getByText('Verification cancelled before it was worked (refunded to your card)'));
    expect(await screen.findByText('Now at /verification/history/V-9')).toBeInTheDocument();
  });

  it('has no serious axe violations', async () => {
    signInAs();
    answer();
    const { container } = renderMoney('/credit/history');
    await screen.findByText('Credit Purchase: Invoice INV-1001');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
