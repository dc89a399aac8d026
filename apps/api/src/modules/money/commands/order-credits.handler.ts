import { creditOrderDecider, creditOrderStream, DomainError, usesTokens, validateCreditOrder, type CreditOrderInput } from '@credence/domain';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Principal } from '../../../common/auth/principal';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { moneyId, moneyStep } from '../ledger/money-ids';
import { MoneyAccounts } from '../orders/money-accounts';

/** Order Credits (money 2.12, POST /credit/order): a token payer asks its account manager for more credits. */
export class OrderCredits extends Command<{ id: string; toBuy: number }> {
  constructor(
    readonly principal: Principal,
    readonly input: CreditOrderInput,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

/**
 * The order is decided on its own stream (`creditorder-<id>`, id from the idempotency key) through the command
 * loop: recorded once, so a retried request records nothing new. The account manager's mail follows from the
 * event (CreditOrderMailReactor), after the commit.
 */
@CommandHandler(OrderCredits)
export class OrderCreditsHandler implements ICommandHandler<OrderCredits, { id: string; toBuy: number }> {
  constructor(
    private readonly accounts: MoneyAccounts,
    private readonly commands: CommandHandling,
  ) {}

  async execute({ principal, input, idempotencyKey }: OrderCredits): Promise<{ id: string; toBuy: number }> {
    const account = await this.accounts.get(principal.companyId);
    if (!usesTokens(account.paymentType)) throw new DomainError('forbidden', 'Ordering credits is for accounts that pay with credits.');
    const checked = validateCreditOrder(input);
    if (!checked.ok) throw new DomainError('invalid', checked.errors.join(' '));
    const orderId = moneyId(`creditorder/${account.companyId}/${idempotencyKey}`);
    const done = await this.commands.handleCommand({
      stream: creditOrderStream(orderId),
      decider: creditOrderDecider,
      command: { type: 'PlaceCreditOrder', orderId, companyId: account.companyId, companyName: account.invoiceCompany.name, order: checked.order },
      context: moneyStep(orderId, 'order', { username: principal.username, impersonator: principal.impersonator }, account.companyId),
    });
    return { id: orderId, toBuy: done.state.ordered?.toBuy ?? checked.order.toBuy };
  }
}
