import { Inject, Injectable } from '@nestjs/common';
import { creditOrderStream, DomainError, usesTokens, validateCreditOrder, type CreditOrderInput, type CreditOrdered } from '@credence/domain';
import type { Principal } from '../../../common/auth/principal';
import { EVENT_STORE, type EventStore } from '../../../infrastructure/event-store/event-store.port';
import { MailService } from '../../../infrastructure/mail/mail.service';
import { stampEvents } from '../../../infrastructure/command-handling/event-stamping';
import { moneyId, moneyStep } from '../ledger/money-ids';
import { MONEY_SETTINGS, type MoneySettings } from '../payments/payment-settings';
import { MoneyAccounts } from './money-accounts';

/**
 * Order Credits (2.12, POST /credit/order): token payers ask their account manager for more credits. The order is
 * recorded as an event (`creditorder-<id>`) and mailed to the account manager, once per order.
 */
@Injectable()
export class CreditOrderService {
  constructor(
    private readonly accounts: MoneyAccounts,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(MONEY_SETTINGS) private readonly settings: MoneySettings,
    private readonly mail: MailService,
  ) {}

  async order(principal: Principal, input: CreditOrderInput, idempotencyKey: string): Promise<{ id: string; toBuy: number }> {
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
