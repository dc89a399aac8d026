import { api, type CallOptions } from '@/shared/api/client';

export interface Notice {
  message: string;
}

/** GET /notice with scope DASHBOARD: the warning banners of the content area (spec 2.3). Failures show nothing. */
export async function getDashboardNotices(options: CallOptions = {}): Promise<Notice[]> {
  const page = await api.get<{ content?: Notice[] }>(
    '/notice',
    { page: 0, size: 200, scope: 'DASHBOARD' },
    { ...options, silent: true },
  );
  return page?.content ?? [];
}
