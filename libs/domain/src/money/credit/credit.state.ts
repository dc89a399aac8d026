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
  verifications: Record<string, { unit: CreditUnit; spent: number; refunded: boolean }>;
  movementIds: Record<string, true>;
}

export const initialCreditState = (): CreditState => ({
  balances: { money: 0, credits: 0 },
  holds: {},
  closed: {},
  verifications: {},
  movementIds: {},
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
          },
        };
      }
      if (event.type === 'CreditRefunded') {
        const v = state.verifications[event.data.verificationId];
        if (v) next.verifications = { ...state.verifications, [event.data.verificationId]: { ...v, refunded: true } };
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
    case 'OrderBilled':
      return state;
    default: {
      const never: never = event;
      throw new Error(`unknown credit event ${String((never as { type: string }).type)}`);
    }
  }
}
