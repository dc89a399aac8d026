import { toMinor } from '@credence/domain';
import type { BraintreeClient, BraintreeResult, BraintreeTransaction } from './braintree-client';
import type { ChargeOutcome, ChargeRequest, PaymentGateway, RefundOutcome, RefundRequest, SavedCard } from './payment-gateway.port';
import type { BraintreeSettings } from './payment-settings';

const decimal = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/**
 * Braintree (2.9-2.11: btToken, btNonce, 3-D Secure required, 'Save card for later'). The browser's Drop-in turns
 * the card into a nonce after 3-D Secure; this server only ever sees the nonce. Our idempotency key is the sale's
 * orderId: before charging, a retry looks for a transaction with that orderId and answers its outcome.
 */
export class BraintreePaymentGateway implements PaymentGateway {
  readonly name = 'braintree' as const;

  constructor(
    private readonly client: BraintreeClient,
    private readonly settings: Pick<BraintreeSettings, 'merchantAccountIds'>,
  ) {}

  async clientToken(customer: { customerId: string; email: string }): Promise<string> {
    // Only an existing vault customer can be named, and then the form offers the saved cards.
    const known = await this.client.customerExists(customer.customerId);
    const result = await this.client.generateClientToken(known ? { customerId: customer.customerId } : {});
    if (!result.success || !result.clientToken) throw new Error(`Braintree client token: ${result.message ?? 'failed'}`);
    return result.clientToken;
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const earlier = await this.client.findByOrderId(request.idempotencyKey);
    if (earlier) return outcomeOf({ success: isSuccessful(earlier), transaction: earlier });
    let customerId: string | undefined;
    if (request.saveCard) {
      if (!(await this.client.customerExists(request.customerId))) {
        const created = await this.client.createCustomer({ id: request.customerId, email: request.email });
        if (!created.success) throw new Error(`Braintree customer: ${created.message ?? 'failed'}`);
      }
      customerId = request.customerId;
    }
    const merchantAccountId = this.settings.merchantAccountIds[request.currency];
    const result = await this.client.sale({
      amount: decimal(request.amountMinor),
      paymentMethodNonce: request.nonce,
      orderId: request.idempotencyKey,
      ...(merchantAccountId ? { merchantAccountId } : {}),
      ...(customerId ? { customerId } : { customer: { email: request.email } }),
      options: { submitForSettlement: true, storeInVaultOnSuccess: request.saveCard, threeDSecure: { required: true } },
    });
    return outcomeOf(result);
  }

  /**
   * transaction.refund(id, { amount, orderId }): our idempotency key is the refund's orderId, so a retry finds the
   * refund it already made. Braintree refuses a refund of an unsettled sale (91506) or above what is left (91521).
   */
  async refund(request: RefundRequest): Promise<RefundOutcome> {
    const earlier = await this.client.findByOrderId(request.idempotencyKey);
    if (earlier && isRefunded(earlier)) return { status: 'refunded', refundTransactionId: earlier.id };
    const result = await this.client.refund(request.transactionId, { amount: decimal(request.amountMinor), orderId: request.idempotencyKey });
    if (result.success && result.transaction) return { status: 'refunded', refundTransactionId: result.transaction.id };
    return { status: 'refused', code: result.transaction?.processorResponseCode ?? 'refund', message: result.message ?? 'The refund was refused.' };
  }

  async findCharge(idempotencyKey: string): Promise<{ transactionId: string; succeeded: boolean } | null> {
    const found = await this.client.findByOrderId(idempotencyKey);
    return found ? { transactionId: found.id, succeeded: isSuccessful(found) } : null;
  }

  /** The customer vault: cards a sale kept with storeInVaultOnSuccess under the account's customer id. */
  async savedCards(customerId: string): Promise<SavedCard[]> {
    return (await this.client.customerCards(customerId)).map(savedCardOf);
  }

  /** paymentMethod.delete, only for a card of this customer (a token names any customer's card). */
  async removeSavedCard(customerId: string, token: string): Promise<boolean> {
    const found = await this.client.findPaymentMethod(token);
    if (!found || found.customerId !== customerId) return false;
    await this.client.deletePaymentMethod(token);
    return true;
  }

  /**
   * paymentMethodNonce.create for a card of this customer. The portal's Braintree path does not need it (the drop-in's
   * vault manager lists the saved cards and runs 3-D Secure on the one chosen); it serves a form that lists them itself.
   */
  async savedCardNonce(customerId: string, token: string): Promise<string | null> {
    const found = await this.client.findPaymentMethod(token);
    if (!found || found.customerId !== customerId) return null;
    return this.client.createPaymentMethodNonce(token);
  }

  async voidCharge(transactionId: string): Promise<void> {
    const result = await this.client.voidOrRefund(transactionId);
    if (!result.success) throw new Error(`Braintree void/refund of ${transactionId}: ${result.message ?? 'failed'}`);
  }
}

const SUCCESSFUL = new Set(['authorized', 'authorizing', 'submitted_for_settlement', 'settling', 'settled', 'settlement_pending']);
const isSuccessful = (t: BraintreeTransaction) => SUCCESSFUL.has(t.status);
const isRefunded = (t: BraintreeTransaction) => SUCCESSFUL.has(t.status);

const savedCardOf = (c: { token: string; cardType: string; last4: string; expirationMonth: string; expirationYear: string }): SavedCard => ({
  token: c.token,
  cardType: c.cardType,
  last4: c.last4,
  expirationMonth: c.expirationMonth,
  expirationYear: c.expirationYear,
});

/** A sale's result as our outcome. */
export function outcomeOf(result: BraintreeResult): ChargeOutcome {
  const t = result.transaction;
  if (result.success && t) {
    return { status: 'succeeded', transactionId: t.id, receiptId: t.processorAuthorizationCode || t.id, amountMinor: toMinor(t.amount) };
  }
  if (!t) return { status: 'rejected', code: 'validation', message: result.message ?? 'The payment was refused.', transactionId: null };
  switch (t.status) {
    case 'processor_declined':
    case 'failed':
      return {
        status: 'declined',
        code: t.processorResponseCode ?? t.status,
        message: t.processorResponseText ?? result.message ?? 'Declined',
        transactionId: t.id,
      };
    case 'gateway_rejected':
      return t.gatewayRejectionReason === 'three_d_secure'
        ? { status: 'three-d-secure-failed', code: 'three_d_secure', message: result.message ?? '3-D Secure failed', transactionId: t.id }
        : { status: 'rejected', code: t.gatewayRejectionReason ?? 'gateway_rejected', message: result.message ?? 'Gateway Rejected', transactionId: t.id };
    default:
      return { status: 'rejected', code: t.status, message: result.message ?? `Transaction ${t.status}`, transactionId: t.id };
  }
}
