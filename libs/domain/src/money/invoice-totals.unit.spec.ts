import { EXACT_CREDIT_ITEM, invoiceItemLabel, invoiceSummary, invoiceTotals, showsPriceHeadings } from './invoice-totals';

describe('invoice rows (money 9)', () => {
  it('one item, no VAT, paid by card exactly: only Total', () => {
    expect(invoiceSummary({ itemTotalsMinor: [4500], vatRatePercent: 0, totalMinor: 4500, paidMinor: 4500 })).toEqual([
      { label: 'Total', amountMinor: 4500 },
    ]);
  });

  it('Sub Total is the sum of item totals, shown only with more than one item', () => {
    const rows = invoiceSummary({ itemTotalsMinor: [4500, 2000], vatRatePercent: 0, totalMinor: 6500, paidMinor: 6500 });
    expect(rows).toEqual([
      { label: 'Sub Total', amountMinor: 6500 },
      { label: 'Total', amountMinor: 6500 },
    ]);
  });

  it('Plus VAT = subtotal x (vatMultiplier - 1), shown when vatMultiplier > 1', () => {
    const rows = invoiceSummary({ itemTotalsMinor: [4500, 2000], vatMultiplier: 1.2, totalMinor: 7800, paidMinor: 7800 });
    expect(rows).toEqual([
      { label: 'Sub Total', amountMinor: 6500 },
      { label: 'Plus VAT', amountMinor: 1300 },
      { label: 'Total', amountMinor: 7800 },
    ]);
  });

  it('Less Current Credit = subtotal + VAT - total, shown when > 0', () => {
    // £45 + 20 % VAT = £54, £10 of current credit used: £44 to pay.
    const rows = invoiceSummary({ itemTotalsMinor: [4500], vatRatePercent: 20, totalMinor: 4400, paidMinor: 4400 });
    expect(rows).toEqual([
      { label: 'Plus VAT', amountMinor: 900 },
      { label: 'Less Current Credit', amountMinor: 1000 },
      { label: 'Total', amountMinor: 4400 },
    ]);
  });

  it('Plus Card Fees (paid - total) and Total Paid when paid exceeds the total', () => {
    const rows = invoiceSummary({ itemTotalsMinor: [4050, 855], vatRatePercent: 20, totalMinor: 5886, paidMinor: 6000 });
    expect(rows).toEqual([
      { label: 'Sub Total', amountMinor: 4905 },
      { label: 'Plus VAT', amountMinor: 981 },
      { label: 'Total', amountMinor: 5886 },
      { label: 'Plus Card Fees', amountMinor: 114 },
      { label: 'Total Paid', amountMinor: 6000 },
    ]);
  });

  it('an unpaid invoice (paid 0) shows no card fee rows', () => {
    const rows = invoiceSummary({ itemTotalsMinor: [3600], vatRatePercent: 0, totalMinor: 3600, paidMinor: 0 });
    expect(rows).toEqual([{ label: 'Total', amountMinor: 3600 }]);
  });

  it('an order wholly paid from credit totals 0 and shows the credit used', () => {
    const rows = invoiceSummary({ itemTotalsMinor: [1800], vatRatePercent: 20, totalMinor: 0, paidMinor: 0 });
    expect(rows).toEqual([
      { label: 'Plus VAT', amountMinor: 360 },
      { label: 'Less Current Credit', amountMinor: 2160 },
      { label: 'Total', amountMinor: 0 },
    ]);
  });

  it('computes its totals from its items', () => {
    expect(invoiceTotals([4050, 855], 20, 1000)).toEqual({ subtotalMinor: 4905, vatMinor: 981, grossMinor: 5886, totalMinor: 4886 });
  });
});

describe('invoice items (2.14)', () => {
  it('labels an item by candidate and institutes, institutes and Accreditation, or its name', () => {
    expect(invoiceItemLabel({ name: 'x', candidateName: 'Jane Roe', instituteNames: ['University of Demo'] })).toBe('Jane Roe (University of Demo)');
    expect(invoiceItemLabel({ name: 'x', candidateName: null, instituteNames: ['University of Demo'] })).toBe('University of Demo Accreditation');
    expect(invoiceItemLabel({ name: EXACT_CREDIT_ITEM, candidateName: null, instituteNames: [] })).toBe('Exact Credit Amount');
  });

  it('leaves the price headings blank when every item is Exact Credit Amount', () => {
    expect(showsPriceHeadings([{ name: EXACT_CREDIT_ITEM }])).toBe(false);
    expect(showsPriceHeadings([{ name: EXACT_CREDIT_ITEM }, { name: 'Jane Roe' }])).toBe(true);
  });
});
