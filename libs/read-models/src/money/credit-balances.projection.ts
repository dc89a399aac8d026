import { CREDIT_EVENT_TYPES, movementSign, type CreditEvent, type CreditMovementEvent, type CreditUnit } from '@credence/domain';
import type { Projection, Row } from '../projection';
import { companyOf } from './money-events';

/** Each account's balance (money in minor units, and credits) and what reservations hold of it. */
export interface CreditBalanceRow extends Row {
  id: string;
  money: number;
  credits: number;
  heldMoney: number;
  heldCredits: number;
  /** Open reservations: id -> unit and amount. */
  holds: Record<string, { unit: CreditUnit; amount: number }>;
  currency: string | null;
  updatedAt: string;
}

const empty = (id: string, at: string): CreditBalanceRow => ({
  id,
  money: 0,
  credits: 0,
  heldMoney: 0,
  heldCredits: 0,
  holds: {},
  currency: null,
  updatedAt: at,
});

function held(holds: CreditBalanceRow['holds'], unit: CreditUnit) {
  return Object.values(holds).reduce((a, h) => a + (h.unit === unit ? h.amount : 0), 0);
}

export const creditBalancesProjection: Projection<CreditBalanceRow> = {
  name: 'credit-balances',
  version: 1,
  handles: CREDIT_EVENT_TYPES,
  rowIds: (event) => [companyOf(event, 'credit-')],
  evolve: (row, projected, id) => {
    const current = row ?? empty(id, projected.metadata.occurredAt);
    const event = { type: projected.type, schemaVersion: projected.schemaVersion, data: projected.data } as CreditEvent;
    const next: CreditBalanceRow = { ...current, holds: { ...current.holds }, updatedAt: projected.metadata.occurredAt };
    switch (event.type) {
      case 'CreditReserved':
        next.holds[event.data.reservationId] = { unit: event.data.unit, amount: event.data.amount };
        break;
      case 'CreditReservationSettled':
      case 'CreditReservationReleased':
        delete next.holds[event.data.reservationId];
        break;
      case 'CreditPurchased':
      case 'CreditSpent':
      case 'AccreditationCharged':
      case 'CreditRefunded':
      case 'CreditGranted':
      case 'CreditRemoved': {
        const d = (event as CreditMovementEvent).data;
        next[d.unit] = current[d.unit] + movementSign(event.type) * d.amount;
        if (d.currency) next.currency = d.currency;
        break;
      }
      default: {
        const never: never = event;
        throw new Error(`credit-balances: unknown event ${String((never as { type: string }).type)}`);
      }
    }
    next.heldMoney = held(next.holds, 'money');
    next.heldCredits = held(next.holds, 'credits');
    return next;
  },
};
