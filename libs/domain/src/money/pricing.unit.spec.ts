import { DomainError } from '../shared/domain-error';
import { OTHER_ORIGINAL_FEE, originalFee, promotionRunning } from './discount';
import { CREDIT_ORDER_DEFAULT, validateCreditOrder } from './credit-order';
import { extraCreditDefault, extraCreditError, normaliseExtraCredit } from './extra-credit';
import { creditUnitOf, priceView, schemePrice, verificationCost } from './pricing';
import { VAT_RATE_PERCENT, vatMultiplierOf, vatOn, vatRatePercentFor, vatRatePercentOf } from './vat';

const caller = (paymentType: string, extra: Partial<{ isApplicant: boolean; applicantPays: boolean }> = {}) => ({
  paymentType,
  isApplicant: false,
  applicantPays: false,
  ...extra,
});

describe('who sees prices (2.8, 6)', () => {
  it('shows money to card and invoice payers, credits to token payers, nothing to others', () => {
    expect(priceView(caller('CARD'))).toBe('prices');
    expect(priceView(caller('INVOICE'))).toBe('prices');
    expect(priceView(caller('TOKEN_SINGLE_CREDIT'))).toBe('credits');
    expect(priceView(caller('INSTITUTE'))).toBe('credits');
    expect(priceView(caller('NONE'))).toBe('hidden');
    expect(priceView(null)).toBe('hidden');
  });

  it('hides prices from an applicant who does not pay; the application decides inside one', () => {
    expect(priceView(caller('CARD', { isApplicant: true, applicantPays: false }))).toBe('hidden');
    expect(priceView(caller('CARD', { isApplicant: true, applicantPays: true }))).toBe('prices');
    expect(priceView(caller('CARD', { isApplicant: true, applicantPays: true }), { applicantPays: false })).toBe('hidden');
    expect(priceView(caller('CARD', { isApplicant: true, applicantPays: false }), { applicantPays: true })).toBe('prices');
  });

  it('counts token payers in credits and card or invoice payers in money', () => {
    expect(creditUnitOf('TOKEN_SINGLE_CREDIT')).toBe('credits');
    expect(creditUnitOf('CARD')).toBe('money');
    expect(creditUnitOf('INVOICE')).toBe('money');
    expect(creditUnitOf('NONE')).toBeNull();
  });
});

describe('price of a verification (2.8)', () => {
  const uni = { priceMinor: 4050, surchargeMinor: 1000, accreditationMinor: 1500 };
  const card = { paymentType: 'CARD', hasDiscount: false };

  it('is the institute price plus the surcharge', () => {
    expect(verificationCost(uni, card, { accreditation: false })).toEqual({
      unit: 'money',
      feeMinor: 4050,
      originalFeeMinor: null,
      surchargeMinor: 1000,
      accreditationMinor: 0,
      totalMinor: 5050,
    });
  });

  it('adds the accreditation check when chosen', () => {
    expect(verificationCost(uni, card, { accreditation: true })).toMatchObject({ accreditationMinor: 1500, totalMinor: 6550 });
  });

  it('refuses accreditation for an institute that does not support it', () => {
    expect(() =>
      verificationCost({ ...uni, accreditationMinor: null }, card, { accreditation: true }),
    ).toThrow('Accreditation is not supported for this institute.');
  });

  it('shows the old fee for discounted accounts', () => {
    expect(verificationCost(uni, { paymentType: 'CARD', hasDiscount: true }, { accreditation: false })).toMatchObject({
      feeMinor: 4050,
      originalFeeMinor: 4500,
    });
  });

  it('costs token payers 1 credit per check (TOKEN_SINGLE_CREDIT), and 1 for an accreditation', () => {
    const token = { paymentType: 'TOKEN_SINGLE_CREDIT', hasDiscount: false };
    expect(verificationCost(uni, token, { accreditation: false })).toEqual({
      unit: 'credits',
      checkCredits: 1,
      accreditationCredits: 0,
      totalCredits: 1,
    });
    expect(verificationCost(uni, token, { accreditation: true })).toMatchObject({ totalCredits: 2 });
  });

  it('is refused to accounts that do not order', () => {
    expect(() => verificationCost(uni, { paymentType: 'NONE', hasDiscount: false }, { accreditation: false })).toThrow(DomainError);
  });
});

describe('application pricingScheme (2.8)', () => {
  const scheme = { default: [45, 40, 36], '150': [30, 25], 'uni-demo': [20] };

  it('prices by position, the last entry applying beyond the list', () => {
    expect(schemePrice(scheme, { instituteId: 'x', regionId: null }, 0)).toBe(4500);
    expect(schemePrice(scheme, { instituteId: 'x', regionId: null }, 1)).toBe(4000);
    expect(schemePrice(scheme, { instituteId: 'x', regionId: null }, 2)).toBe(3600);
    expect(schemePrice(scheme, { instituteId: 'x', regionId: null }, 7)).toBe(3600);
  });

  it('takes the institute id first, then the region id, then default', () => {
    expect(schemePrice(scheme, { instituteId: 'uni-demo', regionId: '150' }, 3)).toBe(2000);
    expect(schemePrice(scheme, { instituteId: 'other', regionId: '150' }, 0)).toBe(3000);
    expect(schemePrice(scheme, { instituteId: 'other', regionId: '150' }, 5)).toBe(2500);
    expect(schemePrice(scheme, { instituteId: 'other', regionId: '142' }, 0)).toBe(4500);
  });

  it('answers null without a scheme or a matching key', () => {
    expect(schemePrice(null, { instituteId: 'x', regionId: null }, 0)).toBeNull();
    expect(schemePrice({ '150': [10] }, { instituteId: 'x', regionId: '142' }, 0)).toBeNull();
    expect(schemePrice({ default: [] }, { instituteId: 'x', regionId: null }, 0)).toBeNull();
  });
});

describe('VAT (money 9)', () => {
  it('is 20 % for VAT payers only', () => {
    expect(VAT_RATE_PERCENT).toBe(20);
    expect(vatRatePercentFor(true)).toBe(20);
    expect(vatRatePercentFor(false)).toBe(0);
    expect(vatOn(4500, 20)).toBe(900);
    expect(vatOn(4500, 0)).toBe(0);
  });

  it('carries it on the invoice as vatMultiplier 1.2 (above 1 when VAT applies)', () => {
    expect(vatMultiplierOf(20)).toBe(1.2);
    expect(vatMultiplierOf(0)).toBe(1);
    expect(vatRatePercentOf(1.2)).toBe(20);
    expect(vatRatePercentOf(1)).toBe(0);
  });
});

describe('discount original-price map (money 9)', () => {
  it.each([
    [4050, 4500],
    [3600, 4000],
    [1800, 2000],
    [900, 1000],
    [855, 950],
    [2340, 2600],
    [4410, 4900],
  ])('maps %p to %p', (fee, original) => {
    expect(originalFee(fee)).toBe(original);
  });

  it('maps any other fee to 100', () => {
    expect(OTHER_ORIGINAL_FEE).toBe(10000);
    expect(originalFee(4500)).toBe(10000);
    expect(originalFee(0)).toBe(10000);
  });
});

describe('extra credit (2.9, 5, money 9)', () => {
  it('defaults to 10 outside the order flow and 0 inside it', () => {
    expect(extraCreditDefault(false)).toBe(10);
    expect(extraCreditDefault(true)).toBe(0);
  });

  it('resets an empty value to 1 and keeps values between the minimum and 1000', () => {
    expect(normaliseExtraCredit('')).toBe(1);
    expect(normaliseExtraCredit(null)).toBe(1);
    expect(normaliseExtraCredit(0)).toBe(1);
    expect(normaliseExtraCredit(0, 0)).toBe(0);
    expect(normaliseExtraCredit(1001)).toBe(1000);
    expect(normaliseExtraCredit('250')).toBe(250);
  });

  it('is checked on the server with the same bounds', () => {
    expect(extraCreditError(1)).toBeNull();
    expect(extraCreditError(1000)).toBeNull();
    expect(extraCreditError(0)).toBe('The credit amount must be between 1 and 1000.');
    expect(extraCreditError(0, 0)).toBeNull();
    expect(extraCreditError(1000.01)).toBe('The credit amount must be between 1 and 1000.');
  });
});

describe('Order Credits form (2.12, 5)', () => {
  const valid = { name: 'Dave Dawson', email: 'Dave@Initech.test', org: 'Initech', toBuy: 25 };

  it('records a valid order, the department optional', () => {
    expect(validateCreditOrder(valid)).toEqual({
      ok: true,
      order: { name: 'Dave Dawson', email: 'dave@initech.test', org: 'Initech', department: null, toBuy: 25 },
    });
  });

  it('defaults the number of credits to 1', () => {
    expect(CREDIT_ORDER_DEFAULT).toBe(1);
    expect(validateCreditOrder({ ...valid, toBuy: null })).toMatchObject({ ok: true, order: { toBuy: 1 } });
  });

  it('requires Name, Email and Organisation and a whole number of credits from 1 to 1000', () => {
    expect(validateCreditOrder({ name: ' ', email: '', org: '', toBuy: 0 })).toEqual({
      ok: false,
      errors: [
        'Name is required.',
        'Email is required.',
        'Organisation is required.',
        'Number of credits must be a whole number from 1 to 1000.',
      ],
    });
    expect(validateCreditOrder({ ...valid, toBuy: 1001 })).toMatchObject({ ok: false });
    expect(validateCreditOrder({ ...valid, toBuy: 2.5 })).toMatchObject({ ok: false });
    expect(validateCreditOrder({ ...valid, toBuy: 1000 })).toMatchObject({ ok: true });
    expect(validateCreditOrder({ ...valid, email: 'not-an-email' })).toEqual({ ok: false, errors: ['Please enter a valid email address.'] });
  });
});

describe('the discount promotion (money 9: 10 % off in October, ending 5 November)', () => {
  it('runs from 1 October to 5 November, every year, and not otherwise', () => {
    expect(['2026-10-01', '2026-10-31', '2026-11-05', '2027-10-15'].map(promotionRunning)).toEqual([true, true, true, true]);
    expect(['2026-09-30', '2026-11-06', '2026-11-29', '2027-01-01'].map(promotionRunning)).toEqual([false, false, false, false]);
  });
});
