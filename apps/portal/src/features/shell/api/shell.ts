import { ACTIONABLE_RESULTS } from '@credence/domain';
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

export interface VerificationCounters {
  verificationsInProgress: number;
  verificationsActionRequired: number;
  outstandingPendings: number;
}

interface Meta {
  resultCounts?: { key: string; value: number }[];
  pendingCount?: number;
}

/**
 * GET /verification/meta: the sidebar's badges (spec 2.3). In progress counts PENDING; needing action counts the
 * actionable results of the verifications area (libs/domain ACTIONABLE_RESULTS); pendings are the institute's.
 */
export async function getVerificationCounters(): Promise<VerificationCounters> {
  const results = ['PENDING', ...ACTIONABLE_RESULTS];
  const meta = await api.get<Meta>('/verification/meta', { results: results.join(',') }, { silent: true });
  const count = (key: string) => meta?.resultCounts?.find((r) => r.key === key)?.value ?? 0;
  return {
    verificationsInProgress: count('PENDING'),
    verificationsActionRequired: ACTIONABLE_RESULTS.reduce((sum, r) => sum + count(r), 0),
    outstandingPendings: meta?.pendingCount ?? 0,
  };
}
