import { describe, expect, it } from 'vitest';
import { referralPricing, referralTypeName } from '@/features/referrals/components/referralPresentation';

describe('referral presentation (verifications 2.14)', () => {
  it('names the organisation types C and I, anything else Unknown', () => {
    expect([referralTypeName('C'), referralTypeName('I'), referralTypeName('X'), referralTypeName(null)]).toEqual(['Company', 'Institute', 'Unknown', 'Unknown']);
  });

  it("shows the price with its symbol, and '-' when zero or empty", () => {
    expect(referralPricing(60, 'GBP')).toBe('£60.00');
    expect(referralPricing(8.55, 'GBP')).toBe('£8.55');
    expect(referralPricing(0, 'GBP')).toBe('-');
    expect(referralPricing(null, null)).toBe('-');
  });
});
