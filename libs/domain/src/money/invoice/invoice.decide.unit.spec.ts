import { deciderSpec } from '../../shared/decider.spec-helper';
import { invoiceDecider, type IssueInvoice, type PayInvoice } from './invoice.decide';

/** given events / when command / then events. */
const { given } = deciderSpec(invoiceDecider, { givenAt: '2026-11-20T10:00:00.000Z' });

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
    given([])
      .when(issue)
      .then(([event]) => {
        expect(event.type).toBe('InvoiceIssued');
        expect(event.data).toMatchObject({ subtotalMinor: 5905, vatMinor: 1181, creditUsedMinor: 1000, totalMinor: 6086 });
        expect((event.data as { items: { totalMinor: number }[] }).items.map((i) => i.totalMinor)).toEqual([5050, 855]);
      });
  });

  it('is issued once', () => {
    const issued = given([]).when(issue).events();
    given(issued).when(issue).then([]);
  });

  it('refuses more credit than the invoice and an empty invoice', () => {
    given([]).when({ ...issue, creditUsedMinor: 100000 }).thenRefused('invalid');
    given([]).when({ ...issue, items: [] }).thenRefused('invalid', 'An invoice needs at least one item.');
  });

  it('is paid for its total; anything above it is card fees; a faithful retry decides nothing', () => {
    const issued = given([]).when(issue).events();
    const pay: PayInvoice = { type: 'PayInvoice', paidMinor: 6200, method: 'card', transactionId: 't1', receiptId: 'A1' };
    const paid = given(issued)
      .when(pay)
      .then([
        { type: 'InvoicePaid', schemaVersion: 1, data: { invoiceId: '100001', paidMinor: 6200, cardFeeMinor: 114, method: 'card', transactionId: 't1', receiptId: 'A1' } },
      ]);
    expect(paid.paid).toMatchObject({ paidMinor: 6200 });
    const after = [...issued, ...given(issued).when(pay).events()];
    given(after).when(pay).then([]);
    given(after).when({ ...pay, transactionId: 't2' }).thenRefused('conflict', 'has already been paid');
    given(issued).when({ ...pay, paidMinor: 6085 }).thenRefused('invalid', 'The payment must cover the invoice total.');
    given([]).when(pay).thenRefused('not-found', 'Invoice not found.');
  });

  it('staff settle an invoice-account invoice once, for its total, on a day not in the future', () => {
    const onAccount = given([]).when({ ...issue, billing: 'invoice' }).events();
    const settle = { type: 'SettleInvoice', reference: 'BACS 4471', paidOn: '2026-11-19', today: '2026-11-20' } as const;
    given(onAccount)
      .when(settle)
      .then([
        {
          type: 'InvoicePaid',
          schemaVersion: 1,
          data: { invoiceId: '100001', paidMinor: 6086, cardFeeMinor: 0, method: 'transfer', transactionId: null, receiptId: 'BACS 4471', paidOn: '2026-11-19' },
        },
      ]);
    const paid = [...onAccount, ...given(onAccount).when(settle).events()];
    given(paid).when(settle).then([]);
    given(paid).when({ ...settle, reference: 'other' }).thenRefused('conflict', 'has already been paid');
    given(onAccount).when({ ...settle, paidOn: '2026-11-21' }).thenRefused('invalid', 'The payment date cannot be in the future.');
    given(onAccount).when({ ...settle, reference: ' ' }).thenRefused('invalid', 'A payment reference');
    given(given([]).when(issue).events()).when(settle).thenRefused('unprocessable', 'Only invoices billed to an invoice account');
    given([]).when(settle).thenRefused('not-found');
  });
});

