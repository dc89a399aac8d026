import { creditDecider, creditStream, DomainError, extraCreditError, fromMinor, toMinor } from '@credence/domain';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Principal } from '../../../common/auth/principal';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { moneyId, moneyStep } from '../ledger/money-ids';
import { CardPayments } from '../orders/card-payments';
import { MoneyAccounts } from '../orders/money-accounts';
import { OrderBilling } from '../orders/order-billing';
import { cardPayment, creditInvoice } from '../orders/order-records';
import { paymentRequired } from '../orders/payment-errors';
import { CommandLocks } from '../persistence/command-locks';

export interface BuyCreditRequest {
  /** Major units, 1 to 1000. */
  amount: number;
  btNonce: string;
  btSaveCard?: boolean;
}

/** Buy Credit (money 2.11, POST /credit). */
export class BuyCredit extends Command<{ total: number; id: string }> {
  constructor(
    readonly principal: Principal,
    readonly request: BuyCreditRequest,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

/**
 * Charges the card and adds the amount to the current credit; the invoice ('Exact Credit Amount') follows from
 * the ledger's OrderBilled. For organisations that pay by card (6: Buy Credit is not for individuals).
 *
 * VAT (our choice, the spec being silent: 2.11 names no VAT and 9 says only 'VAT 20 % for VAT payers' on orders):
 * credit is a prepayment, so buying it carries no VAT and the card is charged exactly the amount; VAT is charged when
 * the credit pays for verifications (each PSV/AC charge includes it, and the order's invoice shows 'Plus VAT').
 * Charging it at purchase too would tax the same work twice. The portal's Buy Credit form shows no VAT row to match.
 */
@CommandHandler(BuyCredit)
export class BuyCreditHandler implements ICommandHandler<BuyCredit, { total: number; id: string }> {
  constructor(
    private readonly accounts: MoneyAccounts,
    private readonly commands: CommandHandling,
    private readonly card: CardPayments,
    private readonly billing: OrderBilling,
    private readonly locks: CommandLocks,
  ) {}

  async execute({ principal, request, idempotencyKey }: BuyCredit): Promise<{ total: number; id: string }> {
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
    const step = moneyStep(commandId, 'purchase', { username: principal.username, impersonator: principal.impersonator }, account.companyId);

    return this.locks.decideThenWait(commandId, async () => {
      const { state, recorded } = await this.commands.load(creditStream(account.companyId), creditDecider);
      if (state.movementIds[movementId]) {
        const own = recorded.filter((e) => e.metadata.causationId === commandId);
        return {
          answer: { total: fromMinor(amountMinor), id: await this.billing.invoiceId(`${commandId}/credit`) },
          shown: () => this.billing.followed({ position: own[own.length - 1]?.position ?? null, events: own }),
        };
      }
      const payment = await this.card.charge({
        idempotencyKey: commandId,
        amountMinor,
        currency: account.currency,
        nonce,
        email: principal.username,
        customerId: account.companyId,
        saveCard: request.btSaveCard ?? false,
        description: 'Credence credit',
      });
      // Numbered only once paid, so a refused card leaves no gap in the invoice numbers.
      const invoiceId = await this.billing.invoiceId(`${commandId}/credit`);
      // The decision: the credit and the invoice it owes, in one append; the invoice stream follows.
      const bought = await this.commands.handleCommand({
        stream: creditStream(account.companyId),
        decider: creditDecider,
        command: {
          type: 'PurchaseCredit',
          unit: 'money',
          currency: account.currency,
          purchase: { movementId, invoiceId, amount: amountMinor, method: 'card', ...payment },
          billing: { orderId: commandId, invoices: [{ issue: creditInvoice(account, invoiceId, amountMinor), pay: cardPayment(amountMinor, payment) }] },
        },
        context: step,
      });
      return { answer: { total: fromMinor(amountMinor), id: invoiceId }, shown: () => this.billing.followed(bought) };
    });
  }
}
