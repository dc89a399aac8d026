import { Inject, Injectable, Logger } from '@nestjs/common';
import { creditOrderStream, DomainError, usesTokens, validateCreditOrder, type CreditOrderInput, type CreditOrdered } from '@credence/domain';
import type { Principal } from '../../../common/auth/principal';
import { EVENT_STORE, type EventStore } from '../../../infrastructure/event-store/event-store.port';
import { moneyId, withMetadata } from '../ledger/event-metadata';
import { MONEY_SETTINGS, type MoneySettings } from '../payments/payment-settings';
import { MoneyAccounts } from './money-accounts';

/**
 * Order Credits (2.12, POST /credit/order): token payers ask their account manager for more credits. The order is
 * recorded as an event (`creditorder-<id>`); e-mailing it waits for a mail template (see the money report), and
 * meanwhile the log names the order for the account manager's address.
 */
@Injectable()
export class CreditOrderService {
  private readonly logger = new Logger('CreditOrders');

  constructor(
    private readonly accounts: MoneyAccounts,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(MONEY_SETTINGS) private readonly settings: MoneySettings,
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
    await this.store.append(
      creditOrderStream(commandId),
      withMetadata([event], { commandId, step: 'order', actor: { username: principal.username, impersonator: principal.impersonator }, tenantId: account.companyId }),
      'any',
    );
    this.logger.log(`credit order ${commandId} recorded for ${this.settings.accountManagerEmail} (no mail template yet)`);
    return { id: commandId, toBuy: checked.order.toBuy };
  }
}
