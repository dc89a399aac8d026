import { pricesFor, priceViewFor } from './price-view';

const caller = (paymentType: string, over: { isApplicant?: boolean; applicantPays?: boolean } = {}) => ({
  paymentType,
  isApplicant: false,
  applicantPays: false,
  ...over,
});

describe('price visibility (access.md 6.2, money-and-insights.md 2.8)', () => {
  it.each([
    ['CARD', {}, 'prices'],
    ['INVOICE', {}, 'prices'],
    ['TOKEN_SINGLE_CREDIT', {}, 'credits'],
    ['INSTITUTE', {}, 'credits'],
    ['NONE', {}, 'hidden'],
    ['CARD', { isApplicant: true, applicantPays: false }, 'hidden'],
    ['CARD', { isApplicant: true, applicantPays: true }, 'prices'],
    ['TOKEN_SINGLE_CREDIT', { isApplicant: true, applicantPays: false }, 'hidden'],
  ] as const)('%s %j sees %s', (paymentType, over, view) => {
    expect(priceViewFor(caller(paymentType, over))).toBe(view);
  });

  it('lets the application decide whether the applicant pays', () => {
    expect(
      priceViewFor(caller('CARD', { isApplicant: true, applicantPays: true }), { applicantPays: false }),
    ).toBe('hidden');
    expect(
      priceViewFor(caller('CARD', { isApplicant: true, applicantPays: false }), { applicantPays: true }),
    ).toBe('prices');
  });

  it('hides prices from anonymous callers', () => {
    expect(priceViewFor(null)).toBe('hidden');
  });

  it('shows money, one credit, or nothing', () => {
    const institute = { price: 45, surcharge: 5.5 };
    expect(pricesFor('prices', institute)).toEqual({
      product: { price: 45 },
      surcharge: 5.5,
      totalPrice: 50.5,
      credits: null,
    });
    expect(pricesFor('credits', institute)).toEqual({
      product: { price: null },
      surcharge: null,
      totalPrice: null,
      credits: 1,
    });
    expect(pricesFor('hidden', institute)).toEqual({
      product: { price: null },
      surcharge: null,
      totalPrice: null,
      credits: null,
    });
  });
});
