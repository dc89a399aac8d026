import { useQuery } from '@tanstack/react-query';
import { getDashboardNotices, type Notice } from '@/features/shell/api/notices';
import { queryKeys } from '@/shared/query/queryKeys';

const NONE: Notice[] = [];

/** Spec 2.3: the dashboard notices; none while loading or when they could not be loaded. */
export function useDashboardNotices(): Notice[] {
  const { data } = useQuery({
    queryKey: queryKeys.notice.dashboard(),
    queryFn: ({ signal }) => getDashboardNotices({ signal }),
  });
  return data ?? NONE;
}
