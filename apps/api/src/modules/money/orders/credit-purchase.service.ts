import { Inject, Injectable } from '@nestjs/common';
import { creditDecider, creditStream, DomainError, extraCreditError, fromMinor, invoiceDecider, invoiceStream, toMinor } from '@credence/domain';
import type { Principal } from '../../../common/auth/principal';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { moneyId, moneyStep, type MoneyActor } from '../ledger/money-ids';
import { CommandLocks } from '../persistence/command-locks';
import { InvoiceNumbers } from '../persistence/invoice-numbers';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../payments/payment-gateway.port';
import { MoneyAccounts } from './money-accounts';
import { MoneyProjections } from './money-projections';
import { cardPayment, creditInvoice } from './order-records';
import { paymentFailure, paymentRequired } from './payment-errors';

export interface BuyCredit {
  /** Major units, 1 to 1000. */
  amount: number;
  btNonce: string;
  btSaveCard?: boolean;
}

/**
 * Buy Credit (2.11, POST /credit): charge the card, add the amount to the current credit, issue the invoice
 * ('Exact Credit Amount'). For card payers that are organisations (6: Buy Credit is not for individuals).
 */
@Injectable()
export class CreditPurchaseService {
  constructor(
    private readonly accounts: MoneyAccounts,
    private readonly commands: CommandHandling,
    private readonly numbers: InvoiceNumbers,
    private readonly locks: CommandLocks,
    private readonly projections: MoneyProjections,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  async buy(principal: Principal, request: BuyCredit, idempotencyKey: string): Promise<{ total: number; id: string }> {
    const account = await this.accounts.get(principal.companyId);
    if (account.paymentType !== 'CARD' || account.individual) {
      throw new DomainError('forbidden', 'Buying credit is for organisations that pay by card.');
    }
    const error = extraCreditError(request.amount, 1);
    if (error) throw new DomainError('invalid', error);
    const amountMinor = toMinor(request.amount);
    const nonce = request.btNonce?.trim();
    if (!nonce || nonce.length > 4096) throw paymentRequired();
    const commandId = moneyId(`credit/${account.companyId}/${idempotencyKey}`);
    const movementId = moneyId(`${commandId}/purchase`);
    const actor: MoneyActor = { username: principal.username, impersonator: principal.impersonator };

    return this.locks.withLock(commandId, async () => {
      const { state } = await this.commands.load(creditStream(account.companyId), creditDecider);
      if (state.movementIds[movementId]) {
        return { total: fromMinor(amountMinor), id: (await this.numbers.find(`${commandId}/credit`))! };
      }
      const outcome = await this.gateway.charge({
        idempotencyKey: commandId,
        amountMinor,
        currency: account.currency,
        nonce,
        email: principal.username,
        customerId: account.companyId,
        saveCard: request.btSaveCard ?? false,
        description: 'Credence credit',
      });
      if (outcome.status !== 'succeeded') throw paymentFailure(outcome);
      const invoiceId = await this.numbers.allocate(`${commandId}/credit`);
      const issued = await this.commands.handleCommand({
        stream: invoiceStream(invoiceId),
        decider: invoiceDecider,
        command: [creditInvoice(account, invoiceId, amountMinor), cardPayment(amountMinor, outcome)],
        context: moneyStep(commandId, `invoice/${invoiceId}`, actor, account.companyId),
      });
      const bought = await this.commands.handleCommand({
        stream: creditStream(account.companyId),
        decider: creditDecider,
        command: {
          type: 'PurchaseCredit',
          unit: 'money',
          currency: account.currency,
          purchase: { movementId, invoiceId, amount: amountMinor, method: 'card', transactionId: outcome.transactionId, receiptId: outcome.receiptId },
        },
        context: moneyStep(commandId, 'purchase', actor, account.companyId),
      });
      await this.projections.caughtUp(issued, bought);
      return { total: fromMinor(amountMinor), id: invoiceId };
    });
  }
}
