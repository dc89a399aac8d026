import type { MoneyOrderPlan } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { PAYMENT_GATEWAY, type ChargeRequest, type PaymentGateway } from '../payments/payment-gateway.port';
import { paymentFailure } from './payment-errors';

export interface CardPayment {
  transactionId: string;
  receiptId: string;
}

/** The payment port as one call: charged, or refused as the error the customer sees. Idempotent by the request's key. */
@Injectable()
export class CardPayments {
  constructor(@Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway) {}

  async charge(request: ChargeRequest): Promise<CardPayment> {
    const outcome = await this.gateway.charge(request);
    if (outcome.status !== 'succeeded') throw paymentFailure(outcome);
    return { transactionId: outcome.transactionId, receiptId: outcome.receiptId };
  }

  /** An order's card payment: what is left to pay after the credit, plus any extra credit bought with it. */
  chargeOrder(
    commandId: string,
    account: { companyId: string; currency: string },
    email: string,
    plan: MoneyOrderPlan,
    card: { nonce: string; saveCard: boolean },
  ): Promise<CardPayment> {
    const n = plan.lines.length;
    return this.charge({
      idempotencyKey: commandId,
      amountMinor: plan.chargeMinor,
      currency: account.currency,
      nonce: card.nonce,
      email,
      customerId: account.companyId,
      saveCard: card.saveCard,
      description: `Credence order (${n} verification${n === 1 ? '' : 's'})`,
    });
  }

  /** Gives a charge back (the order was refused after the card was charged). */
  void(transactionId: string): Promise<void> {
    return this.gateway.voidCharge(transactionId);
  }
}
