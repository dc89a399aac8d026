import { toMinor, type OrderLineInput, type Payment, type Price } from '@credence/domain';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Principal } from '../../../common/auth/principal';
import { PlaceOrder } from '../../money';
import { OrderQuotes } from '../../money';
import type { CreditPurchase, OrderPreview, PaymentItem, PaymentOutcome, VerificationPayments } from './verification-payments.port';

const lineOf = (i: PaymentItem): OrderLineInput => ({
  verificationId: i.verificationId,
  candidateName: i.candidateName,
  instituteId: i.instituteId,
  instituteName: i.instituteName,
  priceMinor: toMinor(i.price),
  surchargeMinor: toMinor(i.surcharge),
  accreditationMinor: i.accreditationPrice === null ? null : toMinor(i.accreditationPrice),
});

/**
 * VERIFICATION_PAYMENTS served by the money area: OrderQuotes for the figures, PlaceOrder to pay (issue 6): token payers spend credits, card payers
 * use current credit then the card (sandbox or Braintree), invoice payers are invoiced, applicants whose
 * application owner pays are not charged. Its refusals (declined card, too little credit) pass through as they are.
 */
@Injectable()
export class MoneyVerificationPayments implements VerificationPayments {
  constructor(
    private readonly quotes: OrderQuotes,
    private readonly commandBus: CommandBus,
  ) {}

  quote(principal: Principal, items: readonly PaymentItem[], applicationOwnerPays?: boolean): Promise<Record<string, Price>> {
    return this.quotes.quote(principal, items.map(lineOf), { applicationOwnerPays });
  }

  preview(principal: Principal, items: readonly PaymentItem[], options: { extraCredit?: number | null; applicationOwnerPays?: boolean }): Promise<OrderPreview> {
    return this.quotes.preview(principal, items.map(lineOf), options);
  }

  async pay(request: {
    principal: Principal;
    items: readonly PaymentItem[];
    creditPurchase: CreditPurchase | null;
    idempotencyKey: string;
    applicationOwnerPays?: boolean;
  }): Promise<PaymentOutcome> {
    const placed = await this.commandBus.execute(
      new PlaceOrder(request.principal, {
        items: request.items.map(lineOf),
        creditPurchase: request.creditPurchase,
        idempotencyKey: request.idempotencyKey,
        applicationOwnerPays: request.applicationOwnerPays,
      }),
    );
    if (placed.status === 'UNPAID') return { status: 'UNPAID', reason: 'CARD_TOKEN_REQUIRED' };
    const free = (): Payment => ({ method: 'FREE', invoiceId: placed.invoiceId, amount: 0, currency: placed.currency ?? 'GBP', credits: 0 });
    return {
      status: 'PAID',
      invoiceId: placed.invoiceId,
      payments: Object.fromEntries(request.items.map((i) => [i.verificationId, placed.payments[i.verificationId] ?? free()])),
    };
  }
}
