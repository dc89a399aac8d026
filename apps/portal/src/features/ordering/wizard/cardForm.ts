/**
 * Which card form the payment step shows (money 2.10). The API's client token says which provider it pays
 * through: the embedded sandbox answers 'sandbox_...' and gets the product's own sandbox form; a Braintree token
 * (BRAINTREE_* configured) gets Braintree's drop-in, loaded from Braintree's own script only then, so it weighs
 * nothing on the bundle.
 */
export type CardFormKind = 'sandbox' | 'braintree';

export const cardFormOf = (clientToken: string | null | undefined): CardFormKind =>
  !clientToken || clientToken.startsWith('sandbox_') ? 'sandbox' : 'braintree';

/** Braintree's drop-in, as its documentation serves it. */
export const DROPIN_SCRIPT = 'https://js.braintreegateway.com/web/dropin/1.44.1/js/dropin.min.js';

export interface DropinInstance {
  requestPaymentMethod(options?: { threeDSecure?: { amount: string; email: string } }): Promise<{ nonce: string; liabilityShifted?: boolean }>;
  teardown(): Promise<void>;
}

/** Braintree drop-in's Apple Pay and Google Pay options, as far as we set them. */
export interface WalletOptions {
  applePay?: {
    displayName: string;
    paymentRequest: { total: { label: string; amount: string }; countryCode: 'GB'; currencyCode: 'GBP'; requiredBillingContactFields: string[] };
  };
  googlePay?: {
    googlePayVersion: 2;
    transactionInfo: { totalPriceStatus: 'FINAL'; totalPrice: string; currencyCode: 'GBP'; countryCode: 'GB' };
    allowedPaymentMethods: { type: 'CARD'; parameters: { billingAddressRequired: true; billingAddressParameters: { format: 'FULL' } } }[];
  };
}

interface DropinGlobal {
  create(
    options: { authorization: string; container: HTMLElement; threeDSecure?: boolean; vaultManager?: boolean } & WalletOptions,
  ): Promise<DropinInstance>;
}

/**
 * Money 2.9: 'Two alternative wallet payment methods are offered only when the currency is GBP, with country GB and a
 * full billing address required.' Our reading: Apple Pay and Google Pay, the two wallets Braintree's drop-in offers
 * beside cards, asked for in pounds from a GB merchant with the full billing address; for other currencies, none.
 * The drop-in shows each only where the browser and the Braintree account support it.
 */
export function walletOptions(currency: string, amount: number, label = 'Credence'): WalletOptions {
  if (currency !== 'GBP') return {};
  const total = amount.toFixed(2);
  return {
    applePay: {
      displayName: label,
      paymentRequest: { total: { label, amount: total }, countryCode: 'GB', currencyCode: 'GBP', requiredBillingContactFields: ['postalAddress'] },
    },
    googlePay: {
      googlePayVersion: 2,
      transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: total, currencyCode: 'GBP', countryCode: 'GB' },
      allowedPaymentMethods: [{ type: 'CARD', parameters: { billingAddressRequired: true, billingAddressParameters: { format: 'FULL' } } }],
    },
  };
}

let loading: Promise<DropinGlobal> | null = null;

/** Loads the drop-in script once (on the first card payment with Braintree configured). */
export function loadDropin(): Promise<DropinGlobal> {
  loading ??= new Promise<DropinGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = DROPIN_SCRIPT;
    script.async = true;
    script.onload = () => {
      const found = (window as unknown as { braintree?: { dropin?: DropinGlobal } }).braintree?.dropin;
      if (found) resolve(found);
      else reject(new Error('Braintree drop-in did not load'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Braintree drop-in did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
