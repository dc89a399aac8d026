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

/** Where a row leads (2.13): PSV and AC to their verification, any other type to its invoice; null: nowhere. */
export function historyRowTarget(row: CreditHistoryRow): string | null {
  if (isSpending(row)) return row.receiptId ? `/verification/history/${encodeURIComponent(row.receiptId)}` : null;
  return row.id ? `/credit/history/${encodeURIComponent(row.id)}` : null;
}
