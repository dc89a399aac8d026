import type { CreditInfo } from '@credence/api-contract';
import { api, type CallOptions } from '@/shared/api/client';

export interface CreditSummary {
  /** The current credit (credits for token accounts, money otherwise); null when unknown. */
  credit: number | null;
  unseenInvoices: number | null;
}

/** GET /credit: the balance of the drop-down and the Invoices badge (money 2.1-2.4). Failures show nothing. */
export async function getCreditSummary(options: CallOptions = {}): Promise<CreditSummary> {
  const body = await api.get<Partial<CreditInfo> | undefined>(
    '/credit',
    { includeBTToken: false },
    { ...options, silent: true },
  );
  return {
    credit: typeof body?.credit === 'number' ? body.credit : null,
    unseenInvoices: typeof body?.unseenInvoices === 'number' ? body.unseenInvoices : null,
  };
}
