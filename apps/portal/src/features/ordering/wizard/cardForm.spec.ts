import { describe, expect, it } from 'vitest';
import { walletOptions } from '@/features/ordering/wizard/cardForm';

describe('the card form wallets (money 2.9)', () => {
  it('offers Apple Pay and Google Pay for pounds, from GB, with the full billing address', () => {
    const options = walletOptions('GBP', 49);
    expect(options.applePay?.paymentRequest).toEqual({
      total: { label: 'Credence', amount: '49.00' },
      countryCode: 'GB',
      currencyCode: 'GBP',
      requiredBillingContactFields: ['postalAddress'],
    });
    expect(options.googlePay?.transactionInfo).toEqual({
      totalPriceStatus: 'FINAL',
      totalPrice: '49.00',
      currencyCode: 'GBP',
      countryCode: 'GB',
    });
    expect(options.googlePay?.allowedPaymentMethods[0].parameters).toEqual({
      billingAddressRequired: true,
      billingAddressParameters: { format: 'FULL' },
    });
  });

  it('offers no wallet in any other currency', () => {
    for (const currency of ['USD', 'EUR', 'AUD']) expect(walletOptions(currency, 49)).toEqual({});
  });
});
