import type { Decider } from '../../shared/decider';
import { DomainError } from '../../shared/domain-error';
import type { CreditUnit } from '../pricing';
import type { CreditCommand, OrderBilling, SettleOrder } from './credit.commands';
import type { CreditEvent, CreditPurchased, CreditSpent, AccreditationCharged } from './credit.events';
import { availableCredit, evolveCredit, initialCreditState, type CreditState } from './credit.state';

export const INSUFFICIENT_CREDITS = 'You do not have enough credits for this order. Please order more credits.';
export const INSUFFICIENT_CREDIT = 'There is not enough credit on the account for this.';
export const INSUFFICIENT_CODE = 'QC-INSUFFICIENT-CREDIT';

const insufficient = (unit: CreditUnit) =>
  new DomainError('unprocessable', unit === 'credits' ? INSUFFICIENT_CREDITS : INSUFFICIENT_CREDIT, INSUFFICIENT_CODE);

function positive(amount: number, what: string, allowZero = false) {
  if (!Number.isSafeInteger(amount) || amount < 0 || (!allowZero && amount === 0)) {
    throw new DomainError('invalid', `${what} must be a positive whole amount.`);
  }
}

/**
 * The credit ledger's rules: the spendable balance (balance less holds) never goes below zero, a verification is
 * never charged twice, and a retried command (same ids) decides nothing new.
 */
export function decideCredit(command: CreditCommand, state: CreditState): CreditEvent[] {
  switch (command.type) {
    case 'ReserveCredit': {
      positive(command.amount, 'A reservation');
      if (state.holds[command.reservationId]) return [];
      if (state.closed[command.reservationId]) {
        throw new DomainError('conflict', 'This payment has already been completed or abandoned.');
      }
      if (availableCredit(state, command.unit) < command.amount) throw insufficient(command.unit);
      return [
        {
          type: 'CreditReserved',
          schemaVersion: 1,
          data: { reservationId: command.reservationId, unit: command.unit, amount: command.amount },
        },
      ];
    }
    case 'ReleaseReservation':
      if (!state.holds[command.reservationId]) return [];
      return [
        {
          type: 'CreditReservationReleased',
          schemaVersion: 1,
          data: { reservationId: command.reservationId, code: command.code, message: command.message },
        },
      ];
    case 'SettleOrder':
      return settleOrder(command, state);
    case 'PurchaseCredit': {
      const p = command.purchase;
      positive(p.amount, 'A credit purchase');
      if (state.movementIds[p.movementId]) return [];
      const purchased: CreditEvent[] = [
        {
          type: 'CreditPurchased',
          schemaVersion: 1,
          data: {
            movementId: p.movementId,
            unit: command.unit,
            amount: p.amount,
            currency: command.currency,
            balanceAfter: state.balances[command.unit] + p.amount,
            invoiceId: p.invoiceId,
            method: p.method,
            transactionId: p.transactionId,
            receiptId: p.receiptId,
          },
        },
      ];
      return [...purchased, ...billed(command.billing)];
    }
    case 'AdjustCredit': {
      if (!Number.isSafeInteger(command.amount) || command.amount === 0) {
        throw new DomainError('invalid', 'The amount must be a whole number other than 0.');
      }
      if (!command.reason.trim()) throw new DomainError('invalid', 'A reason is required.');
      if (state.movementIds[command.movementId]) return [];
      const amount = Math.abs(command.amount);
      if (command.amount < 0 && availableCredit(state, command.unit) < amount) {
        throw new DomainError(
          'unprocessable',
          `The account has only ${availableCredit(state, command.unit)} available; it cannot go below zero.`,
          INSUFFICIENT_CODE,
        );
      }
      const balanceAfter = state.balances[command.unit] + (command.amount < 0 ? -amount : amount);
      const data = {
        movementId: command.movementId,
        unit: command.unit,
        amount,
        currency: command.currency,
        balanceAfter,
        reason: command.reason.trim(),
      };
      return [command.amount > 0 ? { type: 'CreditGranted', schemaVersion: 1, data } : { type: 'CreditRemoved', schemaVersion: 1, data }];
    }
    case 'RefundVerification': {
      const v = state.verifications[command.verificationId];
      if (state.movementIds[command.movementId]) return [];
      if (!v) throw new DomainError('not-found', `Verification ${command.verificationId} was not paid from the credit.`);
      if (v.refunded) throw new DomainError('conflict', `Verification ${command.verificationId} has already been refunded.`);
      // The card first, up to what its payment has left; the rest (paid from credit) returns as credit.
      const card = v.unit === 'money' && v.invoiceId ? state.cardPayments[v.invoiceId] : undefined;
      const toCardMinor = card ? Math.min(v.spent, Math.max(0, card.paidMinor - card.refundedMinor)) : 0;
      const toCredit = v.spent - toCardMinor;
      return [
        {
          type: 'CreditRefunded',
          schemaVersion: 1,
          data: {
            movementId: command.movementId,
            unit: v.unit,
            amount: toCredit,
            currency: command.currency,
            balanceAfter: state.balances[v.unit] + toCredit,
            verificationId: command.verificationId,
            reason: command.reason,
            toCard: card && toCardMinor > 0 && v.invoiceId ? { invoiceId: v.invoiceId, transactionId: card.transactionId, amountMinor: toCardMinor } : null,
          },
        },
      ];
    }
    case 'RecordCardRefund': {
      if (state.cardRefunds[command.refundMovementId]) return [];
      const due = state.cardRefundsDue[command.refundMovementId];
      if (!due) throw new DomainError('not-found', `No card refund ${command.refundMovementId} is waiting.`);
      if (command.outcome.status === 'refunded') {
        return [
          {
            type: 'CardRefunded',
            schemaVersion: 1,
            data: { refundMovementId: command.refundMovementId, invoiceId: due.invoiceId, amountMinor: due.amountMinor, refundTransactionId: command.outcome.refundTransactionId },
          },
        ];
      }
      return [
        {
          type: 'CardRefundFailed',
          schemaVersion: 1,
          data: {
            movementId: command.outcome.movementId,
            unit: 'money',
            amount: due.amountMinor,
            currency: due.currency,
            balanceAfter: state.balances.money + due.amountMinor,
            refundMovementId: command.refundMovementId,
            invoiceId: due.invoiceId,
            verificationId: due.verificationId,
            code: command.outcome.code,
            reason: `The card refund was refused (${command.outcome.message}); given back as credit.`,
          },
        },
      ];
    }
    default: {
      const never: never = command;
      throw new Error(`unknown credit command ${String((never as { type: string }).type)}`);
    }
  }
}

function settleOrder(command: SettleOrder, state: CreditState): CreditEvent[] {
  const { unit, reservationId } = command;
  if (reservationId) {
    const closed = state.closed[reservationId];
    if (closed?.outcome === 'settled') return [];
    if (closed?.outcome === 'released') throw new DomainError('conflict', closed.message);
    if (!state.holds[reservationId]) throw new Error(`settle: reservation ${reservationId} is not held`);
  }
  if (command.charges.length === 0) throw new DomainError('invalid', 'An order needs at least one verification.');
  const seen = new Set<string>();
  for (const m of [...command.purchases.map((p) => p.movementId), ...command.charges.map((c) => c.movementId)]) {
    if (seen.has(m) || state.movementIds[m]) throw new Error(`settle: movement ${m} is not new`);
    seen.add(m);
  }
  for (const c of command.charges) {
    positive(c.amount, 'A charge', true);
    const v = state.verifications[c.verificationId];
    if (v && !v.refunded && c.kind === 'PSV') {
      throw new DomainError('conflict', `Verification ${c.verificationId} has already been paid.`, 'QC-ALREADY-PAID');
    }
  }
  for (const p of command.purchases) positive(p.amount, 'A payment');

  const paid = command.purchases.reduce((a, p) => a + p.amount, 0);
  const charged = command.charges.reduce((a, c) => a + c.amount, 0);
  if (availableCredit(state, unit, reservationId ?? undefined) + paid - charged < 0) throw insufficient(unit);

  let balance = state.balances[unit];
  const events: CreditEvent[] = [];
  for (const p of command.purchases) {
    balance += p.amount;
    const e: CreditPurchased = {
      type: 'CreditPurchased',
      schemaVersion: 1,
      data: {
        movementId: p.movementId,
        unit,
        amount: p.amount,
        currency: command.currency,
        balanceAfter: balance,
        invoiceId: p.invoiceId,
        method: p.method,
        transactionId: p.transactionId,
        receiptId: p.receiptId,
      },
    };
    events.push(e);
  }
  for (const c of command.charges) {
    balance -= c.amount;
    const data = {
      movementId: c.movementId,
      unit,
      amount: c.amount,
      currency: command.currency,
      balanceAfter: balance,
      verificationId: c.verificationId,
      invoiceId: c.invoiceId,
      name: c.name,
      candidateName: c.candidateName,
      instituteName: c.instituteName,
    };
    const e: CreditSpent | AccreditationCharged =
      c.kind === 'PSV' ? { type: 'CreditSpent', schemaVersion: 1, data } : { type: 'AccreditationCharged', schemaVersion: 1, data };
    events.push(e);
  }
  if (reservationId) events.push({ type: 'CreditReservationSettled', schemaVersion: 1, data: { reservationId } });
  return [...events, ...billed(command.billing)];
}

/** The invoices a decision owes, recorded with it (the invoice streams follow from this event). */
function billed(billing: OrderBilling | undefined): CreditEvent[] {
  if (!billing?.invoices.length) return [];
  return [{ type: 'OrderBilled', schemaVersion: 1, data: { orderId: billing.orderId, invoices: billing.invoices } }];
}

/** The credit ledger aggregate, `credit-<companyId>`: what the command-handling loop runs. */
export const creditDecider: Decider<CreditCommand, CreditEvent, CreditState> = {
  decide: decideCredit,
  evolve: evolveCredit,
  initialState: initialCreditState,
};
