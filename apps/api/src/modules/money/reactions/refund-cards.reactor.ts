import { creditDecider, type CreditRefunded } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import type { ReactorDefinition } from '../../../infrastructure/projections/reactor-runner';
import { moneyId } from '../ledger/money-ids';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../payments/payment-gateway.port';

export const CARD_REFUNDS_REACTOR = 'reactor:money-card-refunds';

/**
 * A refund's card part (CreditRefunded.toCard, decided on the credit ledger) goes back to the card through the
 * payment port after that commit, keyed by the refund's movement id, so reacting twice refunds once (the provider
 * answers a repeated key with its first outcome). Its answer is recorded on the ledger: CardRefunded, or
 * CardRefundFailed, which gives the amount back as credit. A provider that cannot be reached throws, and the
 * runner tries the event again later.
 */
@Injectable()
export class CardRefundReactor {
  constructor(
    private readonly commands: CommandHandling,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  definition(): ReactorDefinition {
    return {
      name: CARD_REFUNDS_REACTOR,
      firstStart: 'start',
      handles: (event) => event.type === 'CreditRefunded' && event.streamName.startsWith('credit-') && !!(event.data as CreditRefunded['data']).toCard,
      react: async (recorded) => {
        const data = (recorded as unknown as CreditRefunded).data;
        const toCard = data.toCard;
        if (!toCard) return;
        const outcome = await this.gateway.refund({ idempotencyKey: data.movementId, transactionId: toCard.transactionId, amountMinor: toCard.amountMinor });
        const { metadata } = recorded;
        await this.commands.handleCommand({
          stream: recorded.streamName,
          decider: creditDecider,
          command: {
            type: 'RecordCardRefund',
            refundMovementId: data.movementId,
            outcome:
              outcome.status === 'refunded'
                ? { status: 'refunded', refundTransactionId: outcome.refundTransactionId }
                : { status: 'failed', code: outcome.code, message: outcome.message, movementId: moneyId(`${data.movementId}/card-refund-failed`) },
          },
          context: {
            commandId: `${metadata.eventId}/card-refund`,
            causationId: metadata.eventId,
            correlationId: metadata.correlationId,
            actor: metadata.actor,
            impersonator: metadata.impersonator ?? null,
            tenantId: metadata.tenantId,
          },
        });
      },
    };
  }
}
