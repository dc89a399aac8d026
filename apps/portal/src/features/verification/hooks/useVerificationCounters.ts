import { useQuery } from '@tanstack/react-query';
import { BADGE_RESULTS, countersOf, getVerificationMeta } from '@/features/verification/api/meta';
import { queryKeys } from '@/shared/query/queryKeys';

/**
 * The sidebar's verification badges (spec 2.3) from GET /verification/meta. Zero while loading, when it failed and
 * when the account has no such entries (then nothing is asked). An order or a resolution invalidates
 * queryKeys.verification.all, and the badges follow.
 */
export function useVerificationCounters({ enabled }: { enabled: boolean }) {
  const { data } = useQuery({
    queryKey: queryKeys.verification.meta({ results: BADGE_RESULTS }),
    queryFn: ({ signal }) => getVerificationMeta(BADGE_RESULTS, { signal }),
    enabled,
  });
  return countersOf(enabled ? data : undefined);
}
