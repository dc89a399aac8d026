import { api } from '@/shared/api/client';

export interface Notice {
  message: string;
}

/** GET /notice with scope DASHBOARD: the warning banners of the content area (spec 2.3). */
export async function getDashboardNotices(): Promise<Notice[]> {
  const page = await api.get<{ content?: Notice[] }>(
    '/notice',
    { page: 0, size: 200, scope: 'DASHBOARD' },
    { silent: true },
  );
  return page?.content ?? [];
}

export interface CreditSummary {
  /** The current credit (credits for token accounts, money otherwise); null when unknown. */
  credit: number | null;
  unseenInvoices: number | null;
}

/** GET /credit: the balance of the drop-down and the Invoices badge (companion spec); unknown when it fails. */
export async function getCreditSummary(): Promise<CreditSummary> {
  const body = await api.get<{ credit?: number | null; unseenInvoices?: number | null }>(
    '/credit',
    { includeBTToken: false },
    { silent: true },
  );
  return {
    credit: typeof body?.credit === 'number' ? body.credit : null,
    unseenInvoices: typeof body?.unseenInvoices === 'number' ? body.unseenInvoices : null,
  };
}
