import { describe, expect, it } from 'vitest';
import { itemText } from './List';

const refund = {
  type: 'REFUND' as const,
  name: 'Verification cancelled before it was worked',
  reason: 'Verification cancelled before it was worked',
  invoiceId: null,
  currency: 'GBP',
};

describe('credit movements: the Item cell', () => {
  it('says how much of a refund went back to the card, which the Amount (credit) does not show', () => {
    expect(itemText({ ...refund, toCardMinor: 6000 })).toBe(
      'Verification cancelled before it was worked (£60.00 refunded to the card)',
    );
  });
  it('leaves a refund all as credit, and other rows, as they are', () => {
    expect(itemText({ ...refund, toCardMinor: 0 })).toBe('Verification cancelled before it was worked');
    expect(
      itemText({
        type: 'PURCHASE',
        name: null,
        reason: null,
        invoiceId: '100028',
        toCardMinor: 0,
        currency: 'GBP',
      }),
    ).toBe('Credit Purchase: Invoice 100028');
  });
});
