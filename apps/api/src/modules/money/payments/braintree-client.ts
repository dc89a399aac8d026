import type { BraintreeSettings } from './payment-settings';

/**
 * The part of the Braintree server SDK (npm `braintree`) the adapter uses, narrowed to what it calls, so the
 * adapter is tested against a fake and the SDK stays one small binding (braintreeClientFromSdk).
 */
export interface BraintreeTransaction {
  id: string;
  /** 'authorized', 'submitted_for_settlement', 'settled', 'processor_declined', 'gateway_rejected', 'failed', ... */
  status: string;
  amount: string;
  orderId?: string | null;
  processorAuthorizationCode?: string | null;
  processorResponseCode?: string | null;
  processorResponseText?: string | null;
  gatewayRejectionReason?: string | null;
}

export interface BraintreeResult {
  success: boolean;
  message?: string;
  transaction?: BraintreeTransaction;
}

export interface BraintreeSaleRequest {
  amount: string;
  paymentMethodNonce: string;
  orderId: string;
  merchantAccountId?: string;
  customerId?: string;
  customer?: { id?: string; email?: string };
  options: {
    submitForSettlement: boolean;
    storeInVaultOnSuccess?: boolean;
    threeDSecure: { required: boolean };
  };
}

/** A vaulted card as the SDK describes it (CreditCard). */
export interface BraintreeCreditCard {
  token: string;
  cardType: string;
  last4: string;
  expirationMonth: string;
  expirationYear: string;
  customerId?: string;
}

export interface BraintreeClient {
  generateClientToken(request: { customerId?: string; merchantAccountId?: string }): Promise<{ success: boolean; clientToken?: string; message?: string }>;
  customerExists(customerId: string): Promise<boolean>;
  createCustomer(request: { id: string; email: string }): Promise<{ success: boolean; message?: string }>;
  sale(request: BraintreeSaleRequest): Promise<BraintreeResult>;
  /** The transaction created with this order id (our idempotency key), if any. */
  findByOrderId(orderId: string): Promise<BraintreeTransaction | null>;
  voidOrRefund(transactionId: string): Promise<BraintreeResult>;
  /** A (partial) refund of a settled sale, tagged with our idempotency key as its order id. */
  refund(transactionId: string, request: { amount: string; orderId: string }): Promise<BraintreeResult>;
  /** The customer's vaulted cards (customer.find(id).creditCards); none for an unknown customer. */
  customerCards(customerId: string): Promise<BraintreeCreditCard[]>;
  /** One vaulted payment method (paymentMethod.find), null when there is none. */
  findPaymentMethod(token: string): Promise<BraintreeCreditCard | null>;
  deletePaymentMethod(token: string): Promise<void>;
  /** A single-use nonce for a vaulted payment method (paymentMethodNonce.create). */
  createPaymentMethodNonce(token: string): Promise<string>;
}

const isNotFound = (e: unknown) => (e as { type?: string }).type === 'notFoundError' || (e as Error).name === 'notFoundError';

/* eslint-disable @typescript-eslint/no-explicit-any -- the SDK ships no types we can depend on before it is installed */
/**
 * Binds the real SDK (`new braintree.BraintreeGateway({...})`) to BraintreeClient. The method names are the SDK's
 * documented ones (clientToken.generate, customer.find/create, transaction.sale/search/void/refund).
 */
export function braintreeClientFromSdk(gateway: any): BraintreeClient {
  return {
    generateClientToken: (request) => gateway.clientToken.generate(request),
    customerExists: async (id) => {
      try {
        await gateway.customer.find(id);
        return true;
      } catch (e) {
        if (isNotFound(e)) return false;
        throw e;
      }
    },
    createCustomer: (request) => gateway.customer.create(request),
    sale: (request) => gateway.transaction.sale(request),
    findByOrderId: (orderId) =>
      new Promise((resolve, reject) => {
        const found: BraintreeTransaction[] = [];
        const stream = gateway.transaction.search((search: any) => {
          search.orderId().is(orderId);
        });
        stream.on('data', (t: BraintreeTransaction) => found.push(t));
        stream.on('error', reject);
        stream.on('end', () => resolve(found.find((t) => t.status !== 'voided') ?? found[0] ?? null));
      }),
    refund: (id, request) => gateway.transaction.refund(id, request),
    customerCards: async (id) => {
      try {
        const customer = await gateway.customer.find(id);
        return (customer.creditCards ?? []) as BraintreeCreditCard[];
      } catch (e) {
        if (isNotFound(e)) return [];
        throw e;
      }
    },
    findPaymentMethod: async (token) => {
      try {
        return (await gateway.paymentMethod.find(token)) as BraintreeCreditCard;
      } catch (e) {
        if (isNotFound(e)) return null;
        throw e;
      }
    },
    deletePaymentMethod: async (token) => {
      await gateway.paymentMethod.delete(token);
    },
    createPaymentMethodNonce: async (token) => {
      const result = await gateway.paymentMethodNonce.create(token);
      if (!result.success) throw new Error(`Braintree payment method nonce: ${result.message ?? 'failed'}`);
      return result.paymentMethodNonce.nonce as string;
    },
    voidOrRefund: async (id) => {
      const voided: BraintreeResult = await gateway.transaction.void(id);
      return voided.success ? voided : gateway.transaction.refund(id);
    },
  };
}

/**
 * Loads the SDK at run time. It is not a dependency yet (see the money report): until `braintree` is installed,
 * configuring Braintree fails at start with this message rather than silently taking sandbox payments.
 */
export async function loadBraintreeClient(settings: BraintreeSettings): Promise<BraintreeClient> {
  const name = 'braintree';
  let sdk: any;
  try {
    sdk = await import(name);
  } catch {
    throw new Error('BRAINTREE_* is configured but the braintree package is not installed (npm install braintree)');
  }
  const braintree = sdk.default ?? sdk;
  const gateway = new braintree.BraintreeGateway({
    environment: settings.environment === 'production' ? braintree.Environment.Production : braintree.Environment.Sandbox,
    merchantId: settings.merchantId,
    publicKey: settings.publicKey,
    privateKey: settings.privateKey,
  });
  return braintreeClientFromSdk(gateway);
}
/* eslint-enable @typescript-eslint/no-explicit-any */
