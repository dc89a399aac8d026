import {
  CREDIT_MOVEMENT_TYPES,
  movementKind,
  movementSign,
  type CreditMovementEvent,
  type CreditUnit,
  type MovementKind,
} from '@credence/domain';
import type { Projection, Row } from '../projection';
import { companyOf, dataOf } from './money-events';

/**
 * One row per movement of an account's credit: the customer's credit history (PURCHASE, PSV, AC, REFUND) and the
 * staff resource `credit-movements` (also GRANT and REMOVAL). Amounts are positive; `signedAmount` says the way.
 * The account's balance of a unit is the `balanceAfter` of its latest movement (highest `seq`).
 */
export interface CreditMovementRow extends Row {
  id: string;
  companyId: string;
  type: MovementKind;
  unit: CreditUnit;
  amount: number;
  signedAmount: number;
  currency: string | null;
  balanceAfter: number;
  /** Position in the account's ledger (its stream revision): orders movements made in the same instant. */
  seq: number;
  /** The history's Item text for PSV and AC rows; the reason for staff adjustments and refunds. */
  name: string | null;
  candidateName: string | null;
  instituteName: string | null;
  verificationId: string | null;
  invoiceId: string | null;
  transactionId: string | null;
  receiptId: string | null;
  method: string | null;
  reason: string | null;
  /** What of a refund went back to the card it was paid by (minor units); `amount` is what came back as credit. */
  toCardMinor: number;
  username: string;
  impersonator: string | null;
  created: string;
}

type Data = CreditMovementEvent['data'] & Partial<{
  verificationId: string;
  invoiceId: string | null;
  name: string;
  candidateName: string;
  instituteName: string;
  transactionId: string | null;
  receiptId: string | null;
  method: string;
  reason: string;
  toCard: { amountMinor: number } | null;
}>;

export const creditMovementsProjection: Projection<CreditMovementRow> = {
  name: 'credit-movements',
  version: 2,
  handles: CREDIT_MOVEMENT_TYPES,
  rowIds: (event) => [dataOf<Data>(event).movementId],
  evolve: (_row, event, id) => {
    const d = dataOf<Data>(event);
    const type = event.type as CreditMovementEvent['type'];
    return {
      id,
      companyId: companyOf(event, 'credit-'),
      type: movementKind(type),
      unit: d.unit,
      amount: d.amount,
      signedAmount: movementSign(type) * d.amount,
      currency: d.currency,
      balanceAfter: d.balanceAfter,
      seq: Number(event.revision),
      name: d.name ?? d.reason ?? null,
      candidateName: d.candidateName ?? null,
      instituteName: d.instituteName ?? null,
      verificationId: d.verificationId ?? null,
      invoiceId: d.invoiceId ?? null,
      transactionId: d.transactionId ?? null,
      receiptId: d.receiptId ?? null,
      method: d.method ?? null,
      reason: d.reason ?? null,
      toCardMinor: d.toCard?.amountMinor ?? 0,
      username: event.metadata.actor,
      impersonator: event.metadata.impersonator ?? null,
      created: event.metadata.occurredAt,
    };
  },
};
