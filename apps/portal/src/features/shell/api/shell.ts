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

/** GET /credit: the current credit for the drop-down's balance (companion spec); unknown when it fails. */
export async function getCurrentCredit(): Promise<number | null> {
  const credit = await api.get<{ credit?: number | null }>(
    '/credit',
    { includeBTToken: false },
    { silent: true },
  );
  return typeof credit?.credit === 'number' ? credit.credit : null;
}
