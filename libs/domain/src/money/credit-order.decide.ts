import type { Decider, TimedEvent } from '../shared/decider';
import type { CreditOrder } from './credit-order';
import type { CreditOrdered } from './credit-order.events';

/** Send a token order to the account manager (2.12): the order checked by validateCreditOrder. */
export interface PlaceCreditOrder {
  type: 'PlaceCreditOrder';
  orderId: string;
  companyId: string;
  companyName: string;
  order: CreditOrder;
}

export interface CreditOrderState {
  ordered: CreditOrdered['data'] | null;
}

/** A credit order is recorded once: a retry of the request (same order id) decides nothing new. */
export function decideCreditOrder(command: PlaceCreditOrder, state: CreditOrderState): CreditOrdered[] {
  if (state.ordered) return [];
  return [
    {
      type: 'CreditOrdered',
      schemaVersion: 1,
      data: { ...command.order, orderId: command.orderId, companyId: command.companyId, companyName: command.companyName },
    },
  ];
}

export function evolveCreditOrder(state: CreditOrderState, event: TimedEvent<CreditOrdered>): CreditOrderState {
  return event.type === 'CreditOrdered' ? { ordered: event.data } : state;
}

/** The credit order aggregate, `creditorder-<id>`. */
export const creditOrderDecider: Decider<PlaceCreditOrder, CreditOrdered, CreditOrderState> = {
  decide: decideCreditOrder,
  evolve: evolveCreditOrder,
  initialState: () => ({ ordered: null }),
};
