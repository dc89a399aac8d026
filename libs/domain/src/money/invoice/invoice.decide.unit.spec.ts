import { DomainError } from '../../shared/domain-error';
import { decideInvoice, type IssueInvoice } from './invoice.decide';
import { foldInvoice } from './invoice.state';

const issue: IssueInvoice = {
  type: 'IssueInvoice',
  invoiceId: '100001',
  companyId: 'acme',
  kind: 'order',
  billing: 'card',
  currency: 'GBP',
  individual: false,
  company: {
    name: 'Acme Recruitment Ltd',
    vatId: null,
    addressStreet1: '1 Market Street',
    addressStreet2: null,
    addressStreet3: null,
    addressCity: 'London',
    addressPostCode: 'EC1A 1AA',
    addressCountry: { id: 'GB', name: 'United Kingdom' },
  },
  items: [
    { verificationId: 'V1', name: 'Jane Roe', candidateName: 'Jane Roe', instituteNames: ['University of Demo'], priceMinor: 4050, originalPriceMinor: null, surchargeMinor: 1000, accreditationMinor: 0 },
    { verificationId: 'V2', name: 'John Doe', candidateName: 'John Doe', instituteNames: ['Demo College'], priceMinor: 855, originalPriceMinor: null, surchargeMinor: 0, accreditationMinor: 0 },
  ],
  vatRatePercent: 20,
  creditUsedMinor: 1000,
};

describe('invoice', () => {
  it('is issued with totals computed from its items (money 9)', () => {
    const [event] = decideInvoice(issue, foldInvoice([]));
    expect(event.type).toBe('InvoiceIssued');
    expect(event.data).toMatchObject({ subtotalMinor: 5905, vatMinor: 1181, creditUsedMinor: 1000, totalMinor: 6086 });
    expect((event.data as { items: { totalMinor: number }[] }).items.map((i) => i.totalMinor)).toEqual([5050, 855]);
  });

  it('is issued once', () => {
    const state = foldInvoice(decideInvoice(issue, foldInvoice([])));
    expect(decideInvoice(issue, state)).toEqual([]);
  });

  it('refuses more credit than the invoice and an empty invoice', () => {
    expect(() => decideInvoice({ ...issue, creditUsedMinor: 100000 }, foldInvoice([]))).toThrow(DomainError);
    expect(() => decideInvoice({ ...issue, items: [] }, foldInvoice([]))).toThrow('An invoice needs at least one item.');
  });

  it('is paid for its total; anything above it is card fees; a faithful retry decides nothing', () => {
    const state = foldInvoice(decideInvoice(issue, foldInvoice([])));
    const pay = { type: 'PayInvoice' as const, paidMinor: 6200, method: 'card' as const, transactionId: 't1', receiptId: 'A1' };
    const paid = decideInvoice(pay, state);
    expect(paid).toEqual([
      { type: 'InvoicePaid', schemaVersion: 1, data: { invoiceId: '100001', paidMinor: 6200, cardFeeMinor: 114, method: 'card', transactionId: 't1', receiptId: 'A1' } },
    ]);
    const after = foldInvoice([...decideInvoice(issue, foldInvoice([])), ...paid]);
    expect(decideInvoice(pay, after)).toEqual([]);
    expect(() => decideInvoice({ ...pay, transactionId: 't2' }, after)).toThrow('has already been paid');
    expect(() => decideInvoice({ ...pay, paidMinor: 6085 }, state)).toThrow('The payment must cover the invoice total.');
    expect(() => decideInvoice(pay, foldInvoice([]))).toThrow('Invoice not found.');
  });
});
