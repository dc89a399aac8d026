import type { TimedEvent } from '../../shared/decider';
import type { CreditUnit } from '../pricing';
import { movementSign, type CreditEvent } from './credit.events';

export interface CreditState {
  balances: Record<CreditUnit, number>;
  /** Reservations still holding credit. */
  holds: Record<string, { unit: CreditUnit; amount: number }>;
  /** Reservations that ended, and how (a retried command finds its earlier outcome here). */
  closed: Record<string, { outcome: 'settled' } | { outcome: 'released'; code: string; message: string }>;
  /** What each verification took from the balance, for refunds and to never charge one twice. */
  verifications: Record<string, { unit: CreditUnit; spent: number; refunded: boolean; invoiceId: string | null }>;
  /**
   * Card payments per invoice (CreditPurchased by card): the transaction, what it paid, and what has been given back
   * to the card (decided, less any refund the provider refused). Refunds go to the card up to what is left here.
   */
  cardPayments: Record<string, { transactionId: string; paidMinor: number; refundedMinor: number }>;
  movementIds: Record<string, true>;
  /** How each refund sent to a card ended (by the refund's movement id); absent while the provider is still asked. */
  cardRefunds: Record<string, 'refunded' | 'failed'>;
  /** Card parts of refunds, by the refund's movement id: what the provider is (or was) asked to give back. */
  cardRefundsDue: Record<string, { invoiceId: string; amountMinor: number; verificationId: string; currency: string | null }>;
}

export const initialCreditState = (): CreditState => ({
  balances: { money: 0, credits: 0 },
  holds: {},
  closed: {},
  verifications: {},
  cardPayments: {},
  movementIds: {},
  cardRefunds: {},
  cardRefundsDue: {},
});

/** Credit of a unit that may still be spent: the balance less what reservations hold. */
export function availableCredit(state: CreditState, unit: CreditUnit, exceptReservation?: string): number {
  let held = 0;
  for (const [id, h] of Object.entries(state.holds)) if (h.unit === unit && id !== exceptReservation) held += h.amount;
  return state.balances[unit] - held;
}

/** The ledger after one movement or hold (time plays no part in the balance). */
export function evolveCredit(state: CreditState, event: TimedEvent<CreditEvent>): CreditState {
  switch (event.type) {
    case 'CreditPurchased':
    case 'CreditRefunded':
    case 'CardRefundFailed':
    case 'CreditGranted':
    case 'CreditRemoved':
    case 'CreditSpent':
    case 'AccreditationCharged': {
      const d = event.data;
      const next: CreditState = {
        ...state,
        balances: { ...state.balances, [d.unit]: state.balances[d.unit] + movementSign(event.type) * d.amount },
        movementIds: { ...state.movementIds, [d.movementId]: true },
      };
      if (event.type === 'CreditSpent' || event.type === 'AccreditationCharged') {
        const v = state.verifications[event.data.verificationId];
        next.verifications = {
          ...state.verifications,
          [event.data.verificationId]: {
            unit: d.unit,
            spent: (v && !v.refunded ? v.spent : 0) + d.amount,
            refunded: false,
            invoiceId: event.data.invoiceId ?? v?.invoiceId ?? null,
          },
        };
      }
      if (event.type === 'CreditPurchased' && event.data.method === 'card' && event.data.transactionId) {
        const earlier = state.cardPayments[event.data.invoiceId];
        next.cardPayments = {
          ...state.cardPayments,
          [event.data.invoiceId]: {
            transactionId: event.data.transactionId,
            paidMinor: (earlier?.paidMinor ?? 0) + d.amount,
            refundedMinor: earlier?.refundedMinor ?? 0,
          },
        };
      }
      if (event.type === 'CreditRefunded') {
        const v = state.verifications[event.data.verificationId];
        if (v) next.verifications = { ...state.verifications, [event.data.verificationId]: { ...v, refunded: true } };
        const toCard = event.data.toCard;
        const card = toCard ? state.cardPayments[toCard.invoiceId] : undefined;
        if (toCard) {
          next.cardRefundsDue = {
            ...state.cardRefundsDue,
            [d.movementId]: { invoiceId: toCard.invoiceId, amountMinor: toCard.amountMinor, verificationId: event.data.verificationId, currency: d.currency },
          };
        }
        if (toCard && card) {
          next.cardPayments = { ...state.cardPayments, [toCard.invoiceId]: { ...card, refundedMinor: card.refundedMinor + toCard.amountMinor } };
        }
      }
      if (event.type === 'CardRefundFailed') {
        const card = state.cardPayments[event.data.invoiceId];
        if (card) {
          next.cardPayments = { ...state.cardPayments, [event.data.invoiceId]: { ...card, refundedMinor: card.refundedMinor - d.amount } };
        }
        next.cardRefunds = { ...state.cardRefunds, [event.data.refundMovementId]: 'failed' };
      }
      return next;
    }
    case 'CreditReserved':
      return {
        ...state,
        holds: { ...state.holds, [event.data.reservationId]: { unit: event.data.unit, amount: event.data.amount } },
      };
    case 'CreditReservationSettled':
    case 'CreditReservationReleased': {
      const holds = { ...state.holds };
      delete holds[event.data.reservationId];
      const closed =
        event.type === 'CreditReservationSettled'
          ? ({ outcome: 'settled' } as const)
          : ({ outcome: 'released', code: event.data.code, message: event.data.message } as const);
      return { ...state, holds, closed: { ...state.closed, [event.data.reservationId]: closed } };
    }
    case 'CardRefunded':
      return { ...state, cardRefunds: { ...state.cardRefunds, [event.data.refundMovementId]: 'refunded' } };
    case 'OrderBilled':
      return state;
    default: {
      const never: never = event;
      throw new Error(`unknown credit event ${String((never as { type: string }).type)}`);
    }
  }
}
