import {
  availableCredit,
  creditDecider,
  creditStream,
  DomainError,
  fromMinor,
  planTokenOrder,
  type CreditCommand,
  type CreditState,
} from '@credence/domain';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Principal } from '../../../common/auth/principal';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { moneyId, moneyStep, type MoneyActor } from '../ledger/money-ids';
import { CommandLocks, type Decided } from '../persistence/command-locks';
import { CardPayments, type CardPayment } from '../orders/card-payments';
import { CreditHolds } from '../orders/credit-holds';
import { MoneyAccounts, type MoneyAccount } from '../orders/money-accounts';
import { OrderBilling } from '../orders/order-billing';
import { creditFor, extraCreditOf, ownerPays, planFor, refuseRepeat } from '../orders/order-plan';
import { moneyCharges, orderIds, orderInvoicesDue, orderPurchases, tokenCharges, type OrderRecords } from '../orders/order-records';
import { moneyOrderResult, notPaidHere, paymentsOf, recordedOrder, type PlaceOrderRequest, type PlaceOrderResult } from '../orders/order-results';
import { paymentRequired } from '../orders/payment-errors';

/** Pay for an order of verifications (verifications.md 7, money 2.9-2.10): what submitting them calls. */
export class PlaceOrder extends Command<PlaceOrderResult> {
  constructor(
    readonly principal: Principal,
    readonly request: PlaceOrderRequest,
  ) {
    super();
  }
}

const MAX_KEY = 200;

/**
 * Token payers spend a credit per check; card payers use their current credit first (held while the card is
 * charged), pay the rest by card; invoice payers are invoiced. The decision is one append to the credit ledger
 * (movements + OrderBilled); the invoices follow on their own streams (InvoiceIssuingReactor). Ids derive from the
 * idempotency key, so a retry answers the first result, and a refused card records only the release of its hold.
 */
@CommandHandler(PlaceOrder)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrder, PlaceOrderResult> {
  constructor(
    private readonly accounts: MoneyAccounts,
    private readonly commands: CommandHandling,
    private readonly holds: CreditHolds,
    private readonly card: CardPayments,
    private readonly billing: OrderBilling,
    private readonly locks: CommandLocks,
  ) {}

  async execute({ principal, request }: PlaceOrder): Promise<PlaceOrderResult> {
    const key = request.idempotencyKey?.trim();
    if (!key || key.length > MAX_KEY) throw new DomainError('invalid', `An order needs an idempotency key of 1 to ${MAX_KEY} characters.`);
    const account = await this.accounts.get(principal.companyId);
    if (ownerPays(principal, account, request.applicationOwnerPays)) {
      return { ...notPaidHere(), payments: paymentsOf(request.items.map((i) => ({ verificationId: i.verificationId, amount: 0, credits: 0 })), 'APPLICATION_OWNER', null, account.currency) };
    }
    if (!account.unit) throw new DomainError('forbidden', 'This account does not order verifications.');
    const commandId = moneyId(`order/${account.companyId}/${key}`);
    const actor: MoneyActor = { username: principal.username, impersonator: principal.impersonator };
    return this.locks.decideThenWait(commandId, () =>
      account.unit === 'credits' ? this.spendTokens(account, request, commandId, actor) : this.payMoney(account, request, commandId, actor),
    );
  }

  private async spendTokens(account: MoneyAccount, request: PlaceOrderRequest, commandId: string, actor: MoneyActor): Promise<Decided<PlaceOrderResult>> {
    const plan = planTokenOrder({ lines: request.items, paymentType: account.paymentType });
    const charges = tokenCharges(commandId, plan.lines);
    const settled = await this.settle(account, commandId, actor, (state) =>
      state.movementIds[charges[0].movementId] ? [] : { type: 'SettleOrder', unit: 'credits', currency: null, reservationId: null, purchases: [], charges },
    );
    const lines = plan.lines.map((l) => ({ verificationId: l.verificationId, amount: 0, credits: l.checkCredits + l.accreditationCredits }));
    const answer: PlaceOrderResult = {
      ...notPaidHere(),
      unit: 'credits',
      billing: 'tokens',
      creditsSpent: plan.totalCredits,
      total: plan.totalCredits,
      balance: availableCredit(settled.state, 'credits'),
      payments: paymentsOf(lines, 'CREDITS', null, 'CREDITS'),
    };
    return { answer, shown: () => this.billing.shown(settled) };
  }

  private async payMoney(account: MoneyAccount, request: PlaceOrderRequest, commandId: string, actor: MoneyActor): Promise<Decided<PlaceOrderResult>> {
    const ids = orderIds(commandId);
    const extraCreditMinor = extraCreditOf(request.creditPurchase?.amount, account.paymentType);
    const planOn = (state: CreditState) => planFor(account, request.items, extraCreditMinor, creditFor(state, ids.reservation, availableCredit(state, 'money')));
    const view = await this.holds.load(account.companyId);
    let plan = planOn(view.state);
    const firstCharge = ids.charge('PSV', plan.lines[0].verificationId);
    if (view.state.movementIds[firstCharge]) {
      const own = view.recorded.filter((e) => e.metadata.causationId === commandId);
      const recorded = recordedOrder(plan, commandId, await this.billing.invoiceId(ids.orderInvoiceKey), own);
      return {
        answer: moneyOrderResult(account, recorded.plan, recorded.records, availableCredit(view.state, 'money')),
        shown: () => this.billing.followed({ position: own[own.length - 1]?.position ?? null, events: own }),
      };
    }
    refuseRepeat(view.state, ids.reservation, plan);
    const nonce = request.creditPurchase?.btNonce?.trim() || null;
    if (plan.chargeMinor > 0 && account.paymentType === 'CARD' && !nonce) {
      return { answer: { ...notPaidHere(), status: 'UNPAID', reason: 'CARD_TOKEN_REQUIRED', unit: 'money', currency: account.currency, total: fromMinor(plan.dueMinor), payments: {} }, shown: async () => undefined };
    }

    let holding = !!view.state.holds[ids.reservation];
    if (!holding && plan.creditUsedMinor > 0) ({ holding, plan } = await this.holds.hold(account.companyId, commandId, actor, planOn));

    const billing = plan.chargeMinor === 0 ? 'credit' : account.paymentType === 'CARD' ? 'card' : 'invoice';
    let payment: CardPayment | null = null;
    if (billing === 'card') {
      try {
        if (!nonce) throw paymentRequired();
        payment = await this.card.chargeOrder(commandId, account, actor.username, plan, { nonce, saveCard: request.creditPurchase?.btSaveCard ?? false });
      } catch (e) {
        // A refusal releases the held credit; an unexpected error keeps it, so a retry can finish the payment.
        if (e instanceof DomainError && holding) await this.holds.release(account.companyId, commandId, actor, e);
        throw e;
      }
    }

    const invoiceId = await this.billing.invoiceId(ids.orderInvoiceKey);
    const creditInvoiceId = plan.extraCreditMinor > 0 && payment ? await this.billing.invoiceId(ids.creditInvoiceKey) : null;
    const records: OrderRecords = { invoiceId, creditInvoiceId, creditUsedMinor: plan.creditUsedMinor, billing, payment };
    const settle: CreditCommand = {
      type: 'SettleOrder',
      unit: 'money',
      currency: account.currency,
      reservationId: holding ? ids.reservation : null,
      purchases: orderPurchases(commandId, plan, records),
      charges: moneyCharges(commandId, plan, records.invoiceId),
      billing: { orderId: commandId, invoices: orderInvoicesDue(account, plan, records) },
    };
    let settled;
    try {
      settled = await this.settle(account, commandId, actor, (state) => (state.movementIds[firstCharge] ? [] : settle));
    } catch (e) {
      // Refused after the card was charged (another order paid one of these verifications meanwhile): give it back.
      if (e instanceof DomainError) {
        if (payment) await this.card.void(payment.transactionId);
        if (holding) await this.holds.release(account.companyId, commandId, actor, e);
      }
      throw e;
    }
    return {
      answer: moneyOrderResult(account, plan, records, availableCredit(settled.state, 'money')),
      shown: () => this.billing.followed(settled),
    };
  }

  /** The decision: one append to the credit ledger. */
  private settle(account: MoneyAccount, commandId: string, actor: MoneyActor, command: (state: CreditState) => CreditCommand | CreditCommand[]) {
    return this.commands.handleCommand({
      stream: creditStream(account.companyId),
      decider: creditDecider,
      command,
      context: moneyStep(commandId, 'settle', actor, account.companyId),
    });
  }
}
