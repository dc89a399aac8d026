import type { CreditHistoryRow } from '@credence/api-contract';
import { currencySymbol } from '@credence/domain';
import { formatCredits, formatMajorAmount } from '@/shared/ui/format';

/** PSV and AC rows are spending (money 4): shown negative and linked to their verification. */
export const isSpending = (row: Pick<CreditHistoryRow, 'type'>) => row.type === 'PSV' || row.type === 'AC';

/** The Total Amount cell (2.13): negative for PSV and AC rows. */
export function historyAmount(row: CreditHistoryRow, currency: string | null | undefined): string {
  const amount = isSpending(row) ? -Math.abs(row.paid) : row.paid;
  if (row.unit === 'credits') return formatCredits(amount);
  return formatMajorAmount(amount, row.currency ?? currency);
}

/** 'Total Amount (£)', with the account's own currency symbol when it is not pounds. */
export const amountHeader = (currency: string | null | undefined) => `Total Amount (${currencySymbol(currency)})`;

export const STANDALONE_ACCREDITATION = {
  title: 'Not implemented',
  message: 'Standalone accreditations cannot be viewed yet.',
} as const;

/**
 * Where a row leads (2.13): PSV and AC to their verification, a purchase to its invoice; null: nowhere. The spec
 * knows only those rows. A refund has no invoice of its own, so it opens the verification it gave back (its id used
 * to open an invoice page that could not exist); staff's grants and removals have neither and stay where they are.
 */
export function historyRowTarget(row: CreditHistoryRow): string | null {
  const verification = (id: string | null) => (id ? `/verification/history/${encodeURIComponent(id)}` : null);
  if (isSpending(row)) return verification(row.receiptId);
  if (row.type === 'REFUND') return verification(row.verificationId);
  if (row.type === 'GRANT' || row.type === 'REMOVAL') return null;
  return row.id ? `/credit/history/${encodeURIComponent(row.id)}` : null;
}
