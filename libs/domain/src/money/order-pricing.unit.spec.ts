import { DomainError } from '../shared/domain-error';
import { planMoneyOrder, planTokenOrder, type OrderLineInput } from './order-pricing';

const line = (id: string, priceMinor: number, extra: Partial<OrderLineInput> = {}): OrderLineInput => ({
  verificationId: id,
  candidateName: `Candidate ${id}`,
  instituteId: 'uni-demo',
  instituteName: 'University of Demo',
  priceMinor,
  ...extra,
});

const base = { vatPayer: true, hasDiscount: false, paymentType: 'CARD', creditAvailableMinor: 0, extraCreditMinor: 0 };

describe('pricing an order for a card or invoice payer (2.9)', () => {
  it('sums the lines, adds 20 % VAT for VAT payers and charges the card the rest', () => {
    const plan = planMoneyOrder({ ...base, lines: [line('V1', 4050, { surchargeMinor: 1000 }), line('V2', 855)] });
    expect(plan).toMatchObject({ subtotalMinor: 5905, vatMinor: 1181, grossMinor: 7086, creditUsedMinor: 0, dueMinor: 7086, chargeMinor: 7086 });
    expect(plan.lines.map((l) => l.totalMinor)).toEqual([5050, 855]);
    // The lines' charges (with their VAT share) add up to the gross exactly.
    expect(plan.lines.reduce((a, l) => a + l.checkChargeMinor + l.accreditationChargeMinor, 0)).toBe(7086);
  });

  it('no VAT for non-VAT payers', () => {
    const plan = planMoneyOrder({ ...base, vatPayer: false, lines: [line('V1', 4500)] });
    expect(plan).toMatchObject({ vatRatePercent: 0, vatMinor: 0, grossMinor: 4500, chargeMinor: 4500 });
  });

  it('takes the current credit first (Less current credit) when no extra credit is bought', () => {
    const plan = planMoneyOrder({ ...base, creditAvailableMinor: 1000, lines: [line('V1', 4500)] });
    expect(plan).toMatchObject({ grossMinor: 5400, creditUsedMinor: 1000, dueMinor: 4400, chargeMinor: 4400 });
  });

  it('has nothing to pay when the credit covers the order', () => {
    const plan = planMoneyOrder({ ...base, creditAvailableMinor: 10000, lines: [line('V1', 4500)] });
    expect(plan).toMatchObject({ creditUsedMinor: 5400, dueMinor: 0, chargeMinor: 0 });
  });

  it('leaves the current credit alone when extra credit is bought, and charges it on top', () => {
    const plan = planMoneyOrder({ ...base, creditAvailableMinor: 1000, extraCreditMinor: 1000, lines: [line('V1', 4500)] });
    expect(plan).toMatchObject({ creditUsedMinor: 0, dueMinor: 5400, extraCreditMinor: 1000, chargeMinor: 6400 });
  });

  it('adds the accreditation with its own share of the VAT', () => {
    const plan = planMoneyOrder({ ...base, lines: [line('V1', 4500, { accreditationMinor: 1500 })] });
    expect(plan.lines[0]).toMatchObject({ totalMinor: 6000, checkChargeMinor: 5400, accreditationChargeMinor: 1800 });
  });

  it('shows the old fee for a discounted account', () => {
    const plan = planMoneyOrder({ ...base, hasDiscount: true, lines: [line('V1', 3600)] });
    expect(plan.lines[0]).toMatchObject({ feeMinor: 3600, originalFeeMinor: 4000 });
  });

  it('refuses an empty order, a repeated verification and negative extra credit', () => {
    expect(() => planMoneyOrder({ ...base, lines: [] })).toThrow('An order needs at least one verification.');
    expect(() => planMoneyOrder({ ...base, lines: [line('V1', 1), line('V1', 1)] })).toThrow(DomainError);
    expect(() => planMoneyOrder({ ...base, extraCreditMinor: -1, lines: [line('V1', 1)] })).toThrow(DomainError);
  });
});

describe('pricing an order for a token payer', () => {
  it('costs 1 credit per check and 1 per accreditation', () => {
    const plan = planTokenOrder({
      paymentType: 'TOKEN_SINGLE_CREDIT',
      lines: [line('V1', 4500), line('V2', 4500, { accreditationMinor: 1500 })],
    });
    expect(plan.totalCredits).toBe(3);
    expect(plan.lines.map((l) => [l.checkCredits, l.accreditationCredits])).toEqual([
      [1, 0],
      [1, 1],
    ]);
  });
});
