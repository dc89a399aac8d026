import { creditOrderStream, DomainError, usesTokens, validateCreditOrder, type CreditOrderInput, type CreditOrdered } from '@credence/domain';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Principal } from '../../../common/auth/principal';
import { stampEvents } from '../../../infrastructure/command-handling/event-stamping';
import { EVENT_STORE, type EventStore } from '../../../infrastructure/event-store/event-store.port';
import { MailService } from '../../../infrastructure/mail/mail.service';
import { moneyId, moneyStep } from '../ledger/money-ids';
import { MoneyAccounts } from '../orders/money-accounts';
import { MONEY_SETTINGS, type MoneySettings } from '../payments/payment-settings';

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

/** The order is recorded as an event (`creditorder-<id>`) and mailed to the account manager, once per order. */
@CommandHandler(OrderCredits)
export class OrderCreditsHandler implements ICommandHandler<OrderCredits, { id: string; toBuy: number }> {
  constructor(
    private readonly accounts: MoneyAccounts,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(MONEY_SETTINGS) private readonly settings: MoneySettings,
    private readonly mail: MailService,
  ) {}

  async execute({ principal, input, idempotencyKey }: OrderCredits): Promise<{ id: string; toBuy: number }> {
    const account = await this.accounts.get(principal.companyId);
    if (!usesTokens(account.paymentType)) throw new DomainError('forbidden', 'Ordering credits is for accounts that pay with credits.');
    const checked = validateCreditOrder(input);
    if (!checked.ok) throw new DomainError('invalid', checked.errors.join(' '));
    const commandId = moneyId(`creditorder/${account.companyId}/${idempotencyKey}`);
    const event: CreditOrdered = {
      type: 'CreditOrdered',
      schemaVersion: 1,
      data: { ...checked.order, orderId: commandId, companyId: account.companyId, companyName: account.invoiceCompany.name },
    };
    const retried = (await this.store.readStream(creditOrderStream(commandId))).length > 0;
    await this.store.append(
      creditOrderStream(commandId),
      stampEvents([event], { ...moneyStep(commandId, 'order', { username: principal.username, impersonator: principal.impersonator }, account.companyId), occurredAt: new Date().toISOString() }),
      'any',
    );
    if (!retried) {
      await this.mail.send('creditOrdered', this.settings.accountManagerEmail, {
        ...checked.order,
        department: checked.order.department ?? null,
        company: account.invoiceCompany.name,
      });
    }
    return { id: commandId, toBuy: checked.order.toBuy };
  }
}
