import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fetchMock';
import { renderConsole } from '@/test/render';

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

describe('invoice show page', () => {
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
    const date = within(dialog).getByLabelText('Date received');
    await userEvent.clear(date);
    await userEvent.type(date, '2026-11-18');
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
