import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seriousAxeViolations } from '@/features/money/test/axe';
import { invoiceView, renderMoney } from '@/features/money/test/renderMoney';
import { json, mockFetch } from '@/test/fetchMock';
import { signInAs } from '@/test/session';

const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]);

afterEach(() => vi.restoreAllMocks());

describe('Invoice view (/credit/history/:id, money 2.14)', () => {
  it('shows the provider, the customer, the details, the items and the rows of money 9', async () => {
    signInAs();
    mockFetch((req) => (req.path === '/v1/credit/history/INV-1001' ? json(invoiceView()) : undefined));
    renderMoney('/credit/history/INV-1001');
    expect(await screen.findByRole('heading', { name: 'Invoice' })).toBeInTheDocument();
    expect(screen.getByText('Credence Verification Services Ltd')).toBeInTheDocument();
    expect(screen.getByText('Acme Recruitment Ltd')).toBeInTheDocument();
    expect(screen.getByText('VAT ID: GB123456789')).toBeInTheDocument();
    expect(screen.getByText('N1 1AA')).toBeInTheDocument();
    expect(screen.getByText('United Kingdom', { selector: 'p' })).toBeInTheDocument();
    const details = screen.getByRole('table', { name: 'Details' });
    expect(within(details).getByRole('row', { name: /Invoice # INV-1001/ })).toBeInTheDocument();
    expect(within(details).getByRole('row', { name: /Receipt Id R-77/ })).toBeInTheDocument();
    expect(within(details).getByRole('row', { name: /Transaction Id TX-555/ })).toBeInTheDocument();
    expect(within(details).getByRole('row', { name: /Invoice Date 20 Nov 2026 14:30/ })).toBeInTheDocument();
    expect(within(details).getByRole('row', { name: /Status Paid 18 Nov 2026 10:15/ })).toBeInTheDocument();
    const items = screen.getByRole('table', { name: 'Items' });
    expect(within(items).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Item',
      'Our Price',
      'Institute Surcharge',
      'Total',
    ]);
    expect(within(items).getByRole('row', { name: /Jane Doe \(University of Demo\) £40.50 £5.00 £45.50/ })).toBeInTheDocument();
    expect(within(items).getByText('College of Demo Accreditation')).toBeInTheDocument();
    for (const [label, amount] of [
      ['Sub Total', '£54.50'],
      ['Plus VAT', '£10.90'],
      ['Less Current Credit', '£5.40'],
      ['Total', '£60.00'],
      ['Plus Card Fees', '£1.20'],
      ['Total Paid', '£61.20'],
    ]) {
      expect(within(items).getByRole('row', { name: `${label} ${amount}` })).toBeInTheDocument();
    }
  });

  it('shows an invoice account\'s invoice as awaiting payment, then Paid on the day staff recorded', async () => {
    signInAs();
    let view = invoiceView({ billing: 'invoice', status: 'ISSUED', paidAt: null, paymentMethod: null, receiptId: null, providerId: null });
    mockFetch((req) => (req.path === '/v1/credit/history/INV-1001' ? json(view) : undefined));
    const first = renderMoney('/credit/history/INV-1001');
    const details = await screen.findByRole('table', { name: 'Details' });
    expect(within(details).getByRole('row', { name: 'Status Awaiting payment' })).toBeInTheDocument();
    first.unmount();
    view = { ...view, status: 'PAID', paidAt: '2026-11-18', paymentMethod: 'transfer', receiptId: 'BACS 4471' };
    renderMoney('/credit/history/INV-1001');
    const paid = await screen.findByRole('table', { name: 'Details' });
    expect(within(paid).getByRole('row', { name: 'Status Paid 18 Nov 2026' })).toBeInTheDocument();
    expect(within(paid).getByRole('row', { name: /Receipt Id BACS 4471/ })).toBeInTheDocument();
  });

  it("says 'Receipt' for individuals and leaves the price headings blank for 'Exact Credit Amount' alone", async () => {
    signInAs({ isIndividual: true });
    const item = {
      ...invoiceView().items[0],
      name: 'Exact Credit Amount',
      label: 'Exact Credit Amount',
      candidateName: null,
      instituteNames: [],
    };
    mockFetch((req) =>
      req.path === '/v1/credit/history/R-1'
        ? json(invoiceView({ id: 'R-1', title: 'Receipt', items: [item], showPriceHeadings: false, summary: [{ label: 'Total', amount: 50 }] }))
        : undefined,
    );
    renderMoney('/credit/history/R-1');
    expect(await screen.findByRole('heading', { name: 'Receipt' })).toBeInTheDocument();
    const items = screen.getByRole('table', { name: 'Items' });
    expect(within(items).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Item', '', '', 'Total']);
  });

  it("downloads the PDF with the session's headers", async () => {
    signInAs();
    const fetch = mockFetch((req) => {
      if (req.path === '/v1/credit/history/INV-1001') return json(invoiceView());
      if (req.path === '/v1/credit/history/INV-1001/pdf')
        return new Response(PDF, {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Invoice-INV-1001.pdf"' },
        });
      return undefined;
    });
    const createObjectURL = vi.fn(() => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderMoney('/credit/history/INV-1001');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/pdf'));
    expect(new Headers(call?.[1]?.headers).get('X-Client-Type')).toBe('WEB');
    expect(new Headers(call?.[1]?.headers).get('X-AUTH-TOKEN')).toBeTruthy();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Invoice-INV-1001.pdf');
  });

  it('says when the invoice is not there', async () => {
    signInAs();
    mockFetch((req) =>
      req.path === '/v1/credit/history/NOPE' ? json({ errors: [{ message: 'Invoice not found.' }] }, { status: 404 }) : undefined,
    );
    renderMoney('/credit/history/NOPE');
    expect(await screen.findByText('This invoice was not found.')).toBeInTheDocument();
  });

  it('has no serious axe violations', async () => {
    signInAs();
    mockFetch((req) => (req.path === '/v1/credit/history/INV-1001' ? json(invoiceView()) : undefined));
    const { container } = renderMoney('/credit/history/INV-1001');
    await screen.findByRole('heading', { name: 'Invoice' });
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
