/**
 * Card payment settings (read with the rest of the configuration, see config.schema.ts):
 * - BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY, BRAINTREE_PRIVATE_KEY: all three select Braintree;
 * - BRAINTREE_ENVIRONMENT: 'sandbox' (default) or 'production';
 * - BRAINTREE_MERCHANT_ACCOUNT_IDS: optional, per currency, e.g. 'GBP=credenceGBP,USD=credenceUSD'.
 */
export interface BraintreeSettings {
  environment: 'sandbox' | 'production';
  merchantId: string;
  publicKey: string;
  privateKey: string;
  /** Merchant account per currency; the provider's default account when a currency has none. */
  merchantAccountIds: Record<string, string>;
}

export type PaymentSettings = { provider: 'sandbox' } | { provider: 'braintree'; braintree: BraintreeSettings };

/** Parses the variables above; throws with the variable's name when one is wrong. */
export function paymentSettingsFromEnv(env: Record<string, string | undefined>): PaymentSettings {
  const id = env.BRAINTREE_MERCHANT_ID?.trim();
  const pub = env.BRAINTREE_PUBLIC_KEY?.trim();
  const priv = env.BRAINTREE_PRIVATE_KEY?.trim();
  const given = [id, pub, priv].filter(Boolean).length;
  if (given === 0) return { provider: 'sandbox' };
  if (given < 3) {
    throw new Error('BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY must be set together');
  }
  const environment = (env.BRAINTREE_ENVIRONMENT ?? 'sandbox').trim();
  if (environment !== 'sandbox' && environment !== 'production') {
    throw new Error("BRAINTREE_ENVIRONMENT must be 'sandbox' or 'production'");
  }
  const merchantAccountIds: Record<string, string> = {};
  for (const pair of (env.BRAINTREE_MERCHANT_ACCOUNT_IDS ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const [currency, account] = pair.split('=').map((s) => s.trim());
    if (!/^[A-Z]{3}$/.test(currency ?? '') || !account) {
      throw new Error("BRAINTREE_MERCHANT_ACCOUNT_IDS must look like 'GBP=accountId,USD=accountId'");
    }
    merchantAccountIds[currency] = account;
  }
  return { provider: 'braintree', braintree: { environment, merchantId: id!, publicKey: pub!, privateKey: priv!, merchantAccountIds } };
}

