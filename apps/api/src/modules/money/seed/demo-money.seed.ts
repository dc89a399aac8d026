import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { creditDecider, creditStream, invoiceDecider, invoiceStream, toMinor, type OrderLineInput } from '@credence/domain';
import type { Principal } from '../../../common/auth/principal';
import { AccountsRepository } from '../../identity';
import { demoPrincipal } from '../../identity';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { moneyId, moneyStep } from '../ledger/money-ids';
import { InvoiceNumbers } from '../persistence/invoice-numbers';
import { BuyCredit } from '../commands/buy-credit.handler';
import { PlaceOrder } from '../commands/place-order.handler';
import { MoneyAccounts } from '../orders/money-accounts';
import type { PlaceOrderRequest } from '../orders/order-results';

const line = (verificationId: string, candidateName: string, instituteName: string, price: number, extra: Partial<OrderLineInput> = {}): OrderLineInput => ({
  verificationId,
  candidateName,
  instituteId: null,
  instituteName,
  priceMinor: toMinor(price),
  ...extra,
});

/**
 * Demo invoices and receipts so the money screens have history: alice (Acme, card, VAT payer) bought credit and
 * paid two orders; carol (Globex, invoiced, USD) has an order on account; dave (Initech, tokens) bought 25 credits
 * through the account manager; indy (individual, card) has a receipt. The verification ids are demo ids
 * (QC-DEMO-*): the verification area's own demo data may use them.
 */
@Injectable()
export class DemoMoneySeed {
  constructor(
    private readonly users: AccountsRepository,
    private readonly accounts: MoneyAccounts,
    private readonly commandBus: CommandBus,
    private readonly commands: CommandHandling,
    private readonly numbers: InvoiceNumbers,
  ) {}

  async run(): Promise<void> {
    const alice = await this.principal('alice@acme.test');
    await this.commandBus.execute(new BuyCredit(alice, { amount: 50, btNonce: 'fake-valid-nonce', btSaveCard: true }, 'demo-acme-credit-1'));
    await this.placeOrder(alice, {
      idempotencyKey: 'demo-acme-order-1',
      items: [
        line('QC-DEMO-1001', 'Jane Roe', 'University of Demo', 40.5, { surchargeMinor: 1000 }),
        line('QC-DEMO-1002', 'John Smith', 'Demo Institute of Technology', 36),
      ],
      creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: true },
    });
    await this.placeOrder(alice, {
      idempotencyKey: 'demo-acme-order-2',
      items: [line('QC-DEMO-1003', 'Priya Patel', 'University of Demo', 45, { accreditationMinor: 1500 })],
      creditPurchase: { amount: 10, btNonce: 'fake-valid-nonce', btSaveCard: true },
    });

    const carol = await this.principal('carol@globex.test');
    await this.placeOrder(carol, {
      idempotencyKey: 'demo-globex-order-1',
      items: [
        line('QC-DEMO-2001', 'Homer Simpson', 'Springfield University', 44.1),
        line('QC-DEMO-2002', 'Marge Bouvier', 'Springfield High School', 18),
      ],
    });

    await this.tokensBoughtFromAccountManager('dave@initech.test', 25, 18);

    const indy = await this.principal('indy@mail.test');
    await this.placeOrder(indy, {
      idempotencyKey: 'demo-indy-order-1',
      items: [line('QC-DEMO-4001', 'Indy Individual', 'University of Demo', 40.5)],
      creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false },
    });
  }

  /** Credits ordered through the account manager, invoiced and paid by bank transfer, then added to the balance. */
  private async tokensBoughtFromAccountManager(username: string, credits: number, pricePerCredit: number) {
    const p = await this.principal(username);
    const account = await this.accounts.get(p.companyId);
    const commandId = moneyId(`demo/tokens/${p.companyId}`);
    const actor = { username: 'system:demo-seed' };
    const invoiceId = await this.numbers.allocate(`${commandId}/credit`);
    await this.commands.handleCommand({
      stream: invoiceStream(invoiceId),
      decider: invoiceDecider,
      command: [
        {
        type: 'IssueInvoice',
        invoiceId,
        companyId: account.companyId,
        kind: 'credit',
        billing: 'invoice',
        currency: account.currency,
        individual: false,
        company: account.invoiceCompany,
        items: [
          {
            verificationId: null,
            name: `${credits} verification credits`,
            candidateName: null,
            instituteNames: [],
            priceMinor: credits * toMinor(pricePerCredit),
            originalPriceMinor: null,
            surchargeMinor: 0,
            accreditationMinor: 0,
          },
        ],
        vatRatePercent: account.vatPayer ? 20 : 0,
        creditUsedMinor: 0,
      },
        { type: 'PayInvoice', paidMinor: credits * toMinor(pricePerCredit) * (account.vatPayer ? 1.2 : 1), method: 'transfer', transactionId: null, receiptId: 'BACS-DEMO-0001' },
      ],
      context: moneyStep(commandId, `invoice/${invoiceId}`, actor, account.companyId),
    });
    await this.commands.handleCommand({
      stream: creditStream(account.companyId),
      decider: creditDecider,
      command: {
        type: 'PurchaseCredit',
        unit: 'credits',
        currency: null,
        purchase: { movementId: moneyId(`${commandId}/purchase`), invoiceId, amount: credits, method: 'manual', transactionId: null, receiptId: 'BACS-DEMO-0001' },
      },
      context: moneyStep(commandId, 'purchase', actor, account.companyId),
    });
  }

  private placeOrder(principal: Principal, request: PlaceOrderRequest) {
    return this.commandBus.execute(new PlaceOrder(principal, request));
  }

  private principal(username: string): Promise<Principal> {
    return demoPrincipal(this.users, username);
  }

}
