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

interface DropinGlobal {
  create(options: { authorization: string; container: HTMLElement; threeDSecure?: boolean; vaultManager?: boolean }): Promise<DropinInstance>;
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
