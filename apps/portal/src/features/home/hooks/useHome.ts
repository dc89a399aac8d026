import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getHomeVolume, getNewsAlerts } from '@/features/home/api/home';

/** Query keys of the home page's reads (news and alerts; the volume chart per period count). */
export const homeKeys = {
  all: ['home'] as const,
  newsAlerts: () => ['home', 'news-alerts'] as const,
  volume: (periods: 12 | 52) => ['home', 'volume', periods] as const,
};

export function useNewsAlerts() {
  return useQuery({ queryKey: homeKeys.newsAlerts(), queryFn: ({ signal }) => getNewsAlerts({ signal }) });
}

export function useHomeVolume(periods: 12 | 52, enabled: boolean) {
  return useQuery({
    queryKey: homeKeys.volume(periods),
    queryFn: ({ signal }) => getHomeVolume(periods, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
