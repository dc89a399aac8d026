import type { CreditOrdered } from '@credence/domain';
import type { Projection, Row } from '../projection';

/** Token orders sent to the account manager (2.12), for staff. */
export interface CreditOrderRow extends Row {
  id: string;
  companyId: string;
  companyName: string;
  name: string;
  email: string;
  org: string;
  department: string | null;
  toBuy: number;
  username: string;
  created: string;
}

export const creditOrdersProjection: Projection<CreditOrderRow> = {
  name: 'credit-orders',
  version: 1,
  handles: ['CreditOrdered'],
  rowIds: (event) => [(event.data as CreditOrdered['data']).orderId],
  evolve: (_row, event, id) => {
    const d = event.data as CreditOrdered['data'];
    return {
      id,
      companyId: d.companyId,
      companyName: d.companyName,
      name: d.name,
      email: d.email,
      org: d.org,
      department: d.department,
      toBuy: d.toBuy,
      username: event.metadata.actor,
      created: event.metadata.occurredAt,
    };
  },
};
