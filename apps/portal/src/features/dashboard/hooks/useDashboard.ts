import { useQuery } from '@tanstack/react-query';
import { getApplicationMeta, getNewsFeed, getRecentVerifications } from '@/features/dashboard/api/dashboard';
import { queryKeys } from '@/shared/query/queryKeys';

/** The News card: the 5 latest items of the feed (money 9). */
export const NEWS_CARD_ITEMS = 5;
export const APPLICANT_STATUSES = ['OPEN', 'PENDING', 'APPLICANT_ACTION', 'COMPLETED'] as const;

export function useNewsFeed() {
  return useQuery({
    queryKey: ['home', 'news-feed'],
    queryFn: async ({ signal }) => (await getNewsFeed({ signal })).slice(0, NEWS_CARD_ITEMS),
  });
}

export function useApplicantCounts(enabled: boolean) {
  const statuses = APPLICANT_STATUSES.join(',');
  return useQuery({
    queryKey: [...queryKeys.application.all, 'meta', statuses],
    queryFn: ({ signal }) => getApplicationMeta(statuses, { signal }),
    enabled,
  });
}

export function useRecentVerifications(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.verification.list({ page: 0, size: 5, dashboard: true }),
    queryFn: ({ signal }) => getRecentVerifications(5, { signal }),
    enabled,
  });
}
