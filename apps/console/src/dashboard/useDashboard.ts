import { useEffect, useState } from 'react';
import { httpClient } from '@/dataProvider';

export interface DashboardSummary {
  generatedAt: string;
  verifications: {
    available: boolean;
    source: string | null;
    byResult: { result: string; count: number }[];
    pendingByInstitute: { instituteId: string | null; instituteName: string | null; count: number }[];
  };
  projections: { name: string; state: string; lagMs: number; lastError: string | null; healthy: boolean; rebuilding: boolean }[];
  failedJobs: { total: number; recent: { id: string; queue: string; key: string; error: string; failedAt: string; attempts: number }[] };
  queues: Record<string, number>;
  accounts: { organisations: number; individuals: number; activeUsers: number; pendingUsers: number; disabledUsers: number };
}

/** GET /admin/dashboard, again every 30 s while the page is open. */
export function useDashboard(intervalMs = 30_000) {
  const [data, setData] = useState<DashboardSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      httpClient('/admin/dashboard').then(
        ({ json }) => live && (setData(json as DashboardSummary), setError(null)),
        (e: Error) => live && setError(e.message),
      );
    void load();
    const timer = setInterval(() => void load(), intervalMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [intervalMs]);
  return { data, error };
}
