import type { BraintreeClient, BraintreeResult, BraintreeSaleRequest, BraintreeTransaction } from './braintree-client';
import { BraintreePaymentGateway, outcomeOf } from './braintree-payment-gateway';
import { paymentSettingsFromEnv } from './payment-settings';
import { sandboxBehaviour, SANDBOX_NONCES } from './sandbox-nonces';

describe('sandbox provider: the documented test nonces', () => {
  it('succeeds, declines or fails 3-D Secure as the provider documents', () => {
    expect(sandboxBehaviour('fake-valid-nonce', 1000)).toEqual({ status: 'succeeded' });
    expect(sandboxBehaviour('fake-three-d-secure-visa-full-authentication-nonce', 1000)).toEqual({ status: 'succeeded' });
    expect(sandboxBehaviour('fake-processor-declined-visa-nonce', 1000)).toEqual({ status: 'declined', code: '2000', message: 'Do Not Honor' });
    expect(sandboxBehaviour('fake-three-d-secure-visa-failed-authentication-nonce', 1000)).toMatchObject({ status: 'three-d-secure-failed' });
    expect(sandboxBehaviour('fake-consumed-nonce', 1000)).toMatchObject({ status: 'rejected', code: '93107' });
  });

  it('treats any other nonce as unknown', () => {
    expect(sandboxBehaviour('4111111111111111', 1000)).toEqual({ status: 'rejected', code: '91565', message: 'Unknown or expired payment_method_nonce.' });
  });

  it('declines the test amounts 2000.00-2999.99 with that response code and fails 3000.00-3000.99', () => {
    expect(sandboxBehaviour('fake-valid-nonce', 199999)).toEqual({ status: 'succeeded' });
    expect(sandboxBehaviour('fake-valid-nonce', 200100)).toEqual({ status: 'declined', code: '2001', message: 'Processor Declined' });
    expect(sandboxBehaviour('fake-valid-nonce', 300050)).toMatchObject({ status: 'declined', code: '3000' });
    expect(sandboxBehaviour('fake-valid-nonce', 300100)).toEqual({ status: 'succeeded' });
  });

  it('lists only nonces named like the provider\'s', () => {
    for (const nonce of Object.keys(SANDBOX_NONCES)) expect(nonce).toMatch(/^fake-[a-z0-9-]+-nonce$/);
  });
});

function fakeClient(overrides: Partial<BraintreeClient> = {}) {
  const sales: BraintreeSaleRequest[] = [];
  const created: string[] = [];
  const client: BraintreeClient = {
    generateClientToken: async (req) => ({ success: true, clientToken: `token-for-${req.customerId ?? 'anyone'}` }),
    customerExists: async (id) => created.includes(id),
    createCustomer: async (req) => {
      created.push(req.id);
      return { success: true };
    },
    sale: async (req) => {
      sales.push(req);
      return { success: true, transaction: { id: 'tx1', status: 'submitted_for_settlement', amount: req.amount, processorAuthorizationCode: 'AUTH42' } };
    },
    findByOrderId: async () => null,
    voidOrRefund: async () => ({ success: true }),
    refund: async (id, req) => ({ success: true, transaction: { id: `rf-${id}`, status: 'submitted_for_settlement', amount: req.amount, orderId: req.orderId } }),
    customerCards: async (id) => (id === 'acme' ? [{ token: 'tok1', cardType: 'Visa', last4: '1111', expirationMonth: '12', expirationYear: '2030', customerId: 'acme' }] : []),
    findPaymentMethod: async (token) => (token === 'tok1' ? { token, cardType: 'Visa', last4: '1111', expirationMonth: '12', expirationYear: '2030', customerId: 'acme' } : null),
    deletePaymentMethod: async () => undefined,
    createPaymentMethodNonce: async (token) => `nonce-for-${token}`,
    ...overrides,
  };
  return { client, sales, created };
}

const charge = { idempotencyKey: 'cmd-1', amountMinor: 5400, currency: 'GBP', nonce: 'nonce-from-drop-in', email: 'alice@acme.test', customerId: 'acme', saveCard: true, description: 'Credence order' };

describe('Braintree adapter', () => {
  it('sells the nonce with 3-D Secure required, our key as orderId, the currency\'s merchant account, vaulting when asked', async () => {
    const { client, sales, created } = fakeClient();
    const gateway = new BraintreePaymentGateway(client, { merchantAccountIds: { GBP: 'credenceGBP' } });
    expect(await gateway.charge(charge)).toEqual({ status: 'succeeded', transactionId: 'tx1', receiptId: 'AUTH42', amountMinor: 5400 });
    expect(created).toEqual(['acme']);
    expect(sales).toEqual([
      {
        amount: '54.00',
        paymentMethodNonce: 'nonce-from-drop-in',
        orderId: 'cmd-1',
        merchantAccountId: 'credenceGBP',
        customerId: 'acme',
        options: { submitForSettlement: true, storeInVaultOnSuccess: true, threeDSecure: { required: true } },
      },
    ]);
  });

  it('answers a retry with the transaction already made for the key, without selling again', async () => {
    const earlier: BraintreeTransaction = { id: 'tx0', status: 'settled', amount: '54.00', orderId: 'cmd-1', processorAuthorizationCode: 'A0' };
    const { client, sales } = fakeClient({ findByOrderId: async (id) => (id === 'cmd-1' ? earlier : null) });
    const gateway = new BraintreePaymentGateway(client, { merchantAccountIds: {} });
    expect(await gateway.charge(charge)).toMatchObject({ status: 'succeeded', transactionId: 'tx0' });
    expect(sales).toEqual([]);
  });

  it('refunds part of a sale back to the card with our key as the refund\'s orderId; a retry finds the refund made', async () => {
    const refunds: [string, { amount: string; orderId: string }][] = [];
    const made: BraintreeTransaction[] = [];
    const { client } = fakeClient({
      refund: async (id, req) => {
        refunds.push([id, req]);
        const t = { id: 'rf1', status: 'submitted_for_settlement', amount: req.amount, orderId: req.orderId };
        made.push(t);
        return { success: true, transaction: t };
      },
      findByOrderId: async (orderId) => made.find((t) => t.orderId === orderId) ?? null,
    });
    const gateway = new BraintreePaymentGateway(client, { merchantAccountIds: {} });
    const request = { idempotencyKey: 'refund-1', transactionId: 'tx1', amountMinor: 2050 };
    expect(await gateway.refund(request)).toEqual({ status: 'refunded', refundTransactionId: 'rf1' });
    expect(await gateway.refund(request)).toEqual({ status: 'refunded', refundTransactionId: 'rf1' });
    expect(refunds).toEqual([['tx1', { amount: '20.50', orderId: 'refund-1' }]]);
  });

  it('answers a refund Braintree refuses (unsettled sale) as refused, with its message', async () => {
    const { client } = fakeClient({ refund: async () => ({ success: false, message: 'Cannot refund a transaction unless it is settled.' }) });
    const gateway = new BraintreePaymentGateway(client, { merchantAccountIds: {} });
    expect(await gateway.refund({ idempotencyKey: 'k', transactionId: 'tx1', amountMinor: 100 })).toEqual({
      status: 'refused',
      code: 'refund',
      message: 'Cannot refund a transaction unless it is settled.',
    });
  });

  it('offers saved cards through the client token only for a known customer', async () => {
    const { client } = fakeClient({ customerExists: async (id) => id === 'acme' });
    const gateway = new BraintreePaymentGateway(client, { merchantAccountIds: {} });
    expect(await gateway.clientToken({ customerId: 'acme', email: 'a@a' })).toBe('token-for-acme');
    expect(await gateway.clientToken({ customerId: 'globex', email: 'c@g' })).toBe('token-for-anyone');
  });

  it("lists, removes and pays with the customer vault's cards, only the customer's own", async () => {
    const deleted: string[] = [];
    const { client } = fakeClient({ deletePaymentMethod: async (t) => void deleted.push(t) });
    const gateway = new BraintreePaymentGateway(client, { merchantAccountIds: {} });
    expect(await gateway.savedCards('acme')).toEqual([{ token: 'tok1', cardType: 'Visa', last4: '1111', expirationMonth: '12', expirationYear: '2030' }]);
    expect(await gateway.savedCards('globex')).toEqual([]);
    expect(await gateway.savedCardNonce('globex', 'tok1')).toBeNull();
    expect(await gateway.removeSavedCard('globex', 'tok1')).toBe(false);
    expect(deleted).toEqual([]);
    expect(await gateway.savedCardNonce('acme', 'tok1')).toBe('nonce-for-tok1');
    expect(await gateway.removeSavedCard('acme', 'tok1')).toBe(true);
    expect(deleted).toEqual(['tok1']);
  });

  it('maps declines, 3-D Secure rejections and validation errors', () => {
    const failed = (transaction: Partial<BraintreeTransaction>, message = 'm'): BraintreeResult => ({
      success: false,
      message,
      transaction: { id: 't', amount: '1.00', status: 'x', ...transaction },
    });
    expect(outcomeOf(failed({ status: 'processor_declined', processorResponseCode: '2000', processorResponseText: 'Do Not Honor' }))).toEqual({
      status: 'declined',
      code: '2000',
      message: 'Do Not Honor',
      transactionId: 't',
    });
    expect(outcomeOf(failed({ status: 'gateway_rejected', gatewayRejectionReason: 'three_d_secure' }))).toMatchObject({ status: 'three-d-secure-failed' });
    expect(outcomeOf(failed({ status: 'gateway_rejected', gatewayRejectionReason: 'fraud' }))).toMatchObject({ status: 'rejected', code: 'fraud' });
    expect(outcomeOf({ success: false, message: 'Unknown or expired payment_method_nonce.' })).toEqual({
      status: 'rejected',
      code: 'validation',
      message: 'Unknown or expired payment_method_nonce.',
      transactionId: null,
    });
  });
});

describe('payment settings', () => {
  it('uses the sandbox without credentials, Braintree with all three', () => {
    expect(paymentSettingsFromEnv({})).toEqual({ provider: 'sandbox' });
    expect(
      paymentSettingsFromEnv({
        BRAINTREE_MERCHANT_ID: 'm',
        BRAINTREE_PUBLIC_KEY: 'pub',
        BRAINTREE_PRIVATE_KEY: 'priv',
        BRAINTREE_MERCHANT_ACCOUNT_IDS: 'GBP=credenceGBP, USD=credenceUSD',
      }),
    ).toEqual({
      provider: 'braintree',
      braintree: { environment: 'sandbox', merchantId: 'm', publicKey: 'pub', privateKey: 'priv', merchantAccountIds: { GBP: 'credenceGBP', USD: 'credenceUSD' } },
    });
  });

  it('refuses half a configuration or a bad value, naming the variable', () => {
    expect(() => paymentSettingsFromEnv({ BRAINTREE_MERCHANT_ID: 'm' })).toThrow('must be set together');
    expect(() => paymentSettingsFromEnv({ BRAINTREE_MERCHANT_ID: 'm', BRAINTREE_PUBLIC_KEY: 'p', BRAINTREE_PRIVATE_KEY: 'k', BRAINTREE_ENVIRONMENT: 'live' })).toThrow(
      'BRAINTREE_ENVIRONMENT',
    );
    expect(() =>
      paymentSettingsFromEnv({ BRAINTREE_MERCHANT_ID: 'm', BRAINTREE_PUBLIC_KEY: 'p', BRAINTREE_PRIVATE_KEY: 'k', BRAINTREE_MERCHANT_ACCOUNT_IDS: 'pounds' }),
    ).toThrow('BRAINTREE_MERCHANT_ACCOUNT_IDS');
  });
});
