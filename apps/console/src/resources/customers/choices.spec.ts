import { describe, expect, it } from 'vitest';
import { PAYMENT_TYPES, paymentTypeLabel } from '@/resources/customers/choices';

describe('payment type labels', () => {
  it('names every payment type the code base knows in words, keeping the code as the value', () => {
    for (const code of [
      'NONE',
      'CARD',
      'INVOICE',
      'INSTITUTE',
      'INSTITUTE_PARENT',
      'UNI_PARENT',
      'TOKEN',
      'TOKEN_SINGLE_CREDIT',
    ]) {
      expect(PAYMENT_TYPES.find((c) => c.id === code)?.name).toBe(paymentTypeLabel(code));
      expect(paymentTypeLabel(code)).not.toBe(code);
    }
    expect(paymentTypeLabel('INSTITUTE_PARENT')).toBe('Institute parent account');
  });

  it('reads a code the API accepts but has no label by its kind', () => {
    expect(paymentTypeLabel('BOARD_PARENT')).toBe('Parent account (BOARD_PARENT)');
    expect(paymentTypeLabel('TOKEN_BUNDLE')).toBe('Credit tokens (TOKEN_BUNDLE)');
    expect(paymentTypeLabel('INSTITUTE_GROUP')).toBe('Institute account (INSTITUTE_GROUP)');
    expect(paymentTypeLabel(null)).toBe('');
  });
});
