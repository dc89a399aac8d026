import type { AdminDashboardView } from '@credence/api-contract';
import { useEffect, useState } from 'react';
import { httpClient } from '@/dataProvider';

/** GET /admin/dashboard, again every 30 s while the page is open. */
export function useDashboard(intervalMs = 30_000) {
  const [data, setData] = useState<AdminDashboardView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      httpClient('/admin/dashboard').then(
        ({ json }) => live && (setData(json as AdminDashboardView), setError(null)),
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
