import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fetchMock';
import { onPhone, page, renderConsole } from '@/test/render';

const invoice = {
  id: '100024',
  created: '2026-11-24T10:00:00Z',
  companyId: 'acme',
  username: 'alice@acme.test',
  impersonator: null,
  status: 'PAID',
  currency: 'GBP',
  receiptId: 'R1',
  transactionId: 'T1',
  vatRatePercent: 20,
  subtotalMinor: 4900,
  vatMinor: 980,
  creditUsedMinor: 0,
  cardFeeMinor: 0,
  totalMinor: 5880,
  paidMinor: 5880,
  company: { name: 'Acme Recruitment Ltd', vatId: null, addressCountry: { name: 'United Kingdom' } },
  items: [{ name: 'Employment Verification', candidateName: 'Erin Worker', instituteNames: ['Widgets Ltd'], priceMinor: 4900, surchargeMinor: 0, totalMinor: 4900 }],
};

describe('invoice list', () => {
  it('is one item per invoice on a phone, its total and status still there, instead of a table wider than the screen', async () => {
    onPhone();
    renderConsole('/invoices', { 'GET /admin/invoices': page('invoices', [invoice, { ...invoice, id: '100025', status: 'ISSUED', receiptId: null, totalMinor: 1200 }]) });
    const paid = (await screen.findByText('100024 · Acme Recruitment Ltd')).closest('li') as HTMLElement;
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(paid).getByText('£58.80')).toBeInTheDocument();
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    expect(within(paid).getByText('24 Nov 2026, 10:00 · alice@acme.test · receipt R1')).toBeInTheDocument();
    const issued = screen.getByText('100025 · Acme Recruitment Ltd').closest('li') as HTMLElement;
    expect(within(issued).getByText('Issued')).toBeInTheDocument();
    expect(within(issued).getByText('£12.00')).toBeInTheDocument();
  });
});

describe('invoice show page', () => {
  it('shows each item with its total on a phone, and every total in view, without the price and surcharge columns', async () => {
    onPhone();
    renderConsole('/invoices/100024/show', { 'GET /admin/invoices/100024': json(invoice) });
    const row = (await screen.findByText('Erin Worker (Widgets Ltd)')).closest('tr') as HTMLElement;
    expect(within(row).getByText('£49.00')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Our Price' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Institute Surcharge' })).not.toBeInTheDocument();
    const total = screen.getByRole('cell', { name: 'Total' }).closest('tr') as HTMLElement;
    expect(within(total).getByText('£58.80')).toBeInTheDocument();
  });

  it("downloads the customer's PDF with the staff session, under the name the API gives", async () => {
    const pdf = new Response(new Blob(['%PDF-1.7']), {
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Invoice-100024.pdf"' },
    });
    const { fetch } = renderConsole('/invoices/100024/show', {
      'GET /admin/invoices/100024': json(invoice),
      'GET /admin/invoices/100024/pdf': pdf,
    });
    const objectUrl = vi.fn(() => 'blob:invoice');
    Object.assign(URL, { createObjectURL: objectUrl, revokeObjectURL: () => undefined });
    let saved = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = this.download;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toBe('Invoice-100024.pdf'));
    const call = fetch.mock.calls.find(([url]) => String(url) === '/admin/invoices/100024/pdf');
    expect(new Headers(call?.[1]?.headers).get('X-AUTH-TOKEN')).toBeTruthy();
  });

  it('says so when the PDF cannot be made', async () => {
    renderConsole('/invoices/100024/show', {
      'GET /admin/invoices/100024': json(invoice),
      'GET /admin/invoices/100024/pdf': json({ errors: [{ message: 'x' }] }, { status: 503 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('The PDF could not be downloaded (503).')).toBeInTheDocument();
  });

  it('marks an invoice account\'s invoice paid with a reference and the day received', async () => {
    const onAccount = { ...invoice, id: '100030', status: 'ISSUED', billing: 'invoice', paidMinor: 0, receiptId: null, transactionId: null, paidAt: null };
    const { fetch } = renderConsole('/invoices/100030/show', {
      'GET /admin/invoices/100030': json(onAccount),
      'POST /admin/invoices/100030/settlement': json({ id: '100030', status: 'PAID', paidOn: '2026-11-18', reference: 'BACS 4471' }, { status: 201 }),
    });
    expect(await screen.findByText('Awaiting payment')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark invoice 100030 paid' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText('A payment reference is required.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Payment reference/), 'BACS 4471');
    // The day received is today's until changed; emptied, it is asked for.
    const received = within(dialog).getByRole('group', { name: /Date received/ });
    await userEvent.click(within(received).getByRole('spinbutton', { name: 'Day' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText('The day the money arrived is required.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/settlement'))).toBe(false);
    // Typed day first (DD/MM/YYYY), whatever the browser's language.
    await userEvent.click(within(within(dialog).getByRole('group', { name: /Date received/ })).getByRole('spinbutton', { name: 'Day' }));
    await userEvent.keyboard('18112026');
    expect(within(dialog).getByRole('group', { name: /Date received/ })).toHaveTextContent('18/11/2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url) === '/admin/invoices/100030/settlement')).toBe(true));
    const call = fetch.mock.calls.find(([url]) => String(url) === '/admin/invoices/100030/settlement');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ reference: 'BACS 4471', paidOn: '2026-11-18' });
  });

  it('offers no Mark paid for a card invoice', async () => {
    renderConsole('/invoices/100024/show', { 'GET /admin/invoices/100024': json({ ...invoice, billing: 'card', paidAt: '2026-11-24T10:00:00Z' }) });
    expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark paid' })).toBeNull();
  });
});

describe('refunding a card-paid verification', { timeout: 90_000 }, () => {
  /** The machine running these may be loaded: a dialog's state change can take longer than the default second. */
  const slow = { timeout: 10_000 };
  const cardOrder = {
    ...invoice,
    id: '100040',
    billing: 'card',
    kind: 'order',
    paidAt: '2026-11-24T10:00:00Z',
    items: [{ ...invoice.items[0], verificationId: 'QC-123' }],
  };

  it('asks for a reason and a confirmation, calls the admin refund route and shows what it did', async () => {
    const { fetch } = renderConsole('/invoices/100040/show', {
      'GET /admin/invoices/100040': json(cardOrder),
      'POST /admin/refunds': json(
        { id: 'm1', refunded: true, unit: 'money', toCredit: 0, toCard: { invoiceId: '100040', amountMinor: 5880, status: 'PENDING' }, balance: 0 },
        { status: 201 },
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Refund Erin Worker' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Refund verification QC-123?' }, slow);
    expect(within(dialog).getByText(/goes back to the card it was paid with/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('A reason is required.', {}, slow)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url) === '/admin/refunds')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Cancelled by phone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByRole('status', {}, slow)).toHaveTextContent('Refunded: £58.80 goes back to the card it was paid with.');
    const call = fetch.mock.calls.find(([url]) => String(url) === '/admin/refunds');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ companyId: 'acme', verificationId: 'QC-123', reason: 'Cancelled by phone' });
  });

  it('says when the verification was refunded already', async () => {
    renderConsole('/invoices/100040/show', {
      'GET /admin/invoices/100040': json(cardOrder),
      'POST /admin/refunds': json({ id: 'm1', refunded: false, unit: 'money', toCredit: null, toCard: null, balance: 0 }, { status: 201 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Refund Erin Worker' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Refund verification QC-123?' }, slow);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByRole('status', {}, slow)).toHaveTextContent('This verification has already been refunded; nothing more was given back.');
  });

  it('shows the refusal of the API in the dialog', async () => {
    renderConsole('/invoices/100040/show', {
      'GET /admin/invoices/100040': json(cardOrder),
      'POST /admin/refunds': json({ errors: [{ message: 'Verification QC-123 was not paid from the credit.' }] }, { status: 404 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Refund Erin Worker' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Refund verification QC-123?' }, slow);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Verification QC-123 was not paid from the credit.', {}, slow)).toBeInTheDocument();
  });

  it('offers no Refund on an invoice account\'s invoice or a credit purchase', async () => {
    renderConsole('/invoices/100041/show', { 'GET /admin/invoices/100041': json({ ...cardOrder, id: '100041', kind: 'credit' }) });
    expect(await screen.findByRole('button', { name: 'Download PDF' }, slow)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();
    expect(screen.queryByText('Actions')).toBeNull();
  });
});
