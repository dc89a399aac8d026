import { describe, expect, it } from 'vitest';
import { grantAmount } from '@/resources/customers/GrantCreditButton';

describe('credit grant amounts', () => {
  it('are minor units for money accounts and whole credits for token accounts (the AdjustCredit command)', () => {
    expect(grantAmount({ paymentType: 'CARD' }, 12.5)).toBe(1250);
    expect(grantAmount({ paymentType: 'INVOICE' }, -0.1)).toBe(-10);
    expect(grantAmount({ paymentType: 'TOKEN_SINGLE_CREDIT' }, 5)).toBe(5);
    expect(grantAmount({ paymentType: 'INSTITUTE' }, 3.9)).toBe(3);
  });
});
