import { useQuery } from '@tanstack/react-query';
import { RESULT_ALIASES } from '@credence/domain';
import { BADGE_RESULTS, getVerificationMeta } from '@/features/verification/api/meta';
import { queryKeys } from '@/shared/query/queryKeys';

/**
 * What the home page counts: the shell's badge results (PENDING and the actionable ones), so the card and the badges
 * share one cached GET /verification/meta; the dashboard's cards also count the completed results.
 */
export const HOME_RESULTS = BADGE_RESULTS;
export const DASHBOARD_RESULTS = [BADGE_RESULTS, 'VERIFIED', 'NOT_VERIFIED', 'CANCELLED', 'UNABLE'].join(',');

export interface VerificationStats {
  /** PENDING: 'Verifications in Progress' (money 4). */
  inProgress: number;
  /** NOT_FOUND + REJECTED (alias ACTION). */
  actionRequired: number;
  /** UNPAID + AWAITING_CONSENT (alias INCOMPLETE). */
  incomplete: number;
  verified: number;
  notVerified: number;
  cancelled: number;
  delayed: number;
  /** An institute's or parent's outstanding pending requests. */
  outstandingPendings: number;
}

/**
 * The counts of the home page's Verifications card and the dashboard's statistics cards (money 2.5, 2.6, 4), from
 * the same answer the history's filters count; null while loading or when it failed (then the cards show no number).
 * Orders and resolutions invalidate queryKeys.verification.all, so the counts follow.
 */
export function useVerificationStats(results: string, enabled: boolean): VerificationStats | null {
  const { data } = useQuery({
    queryKey: queryKeys.verification.meta({ results }),
    queryFn: ({ signal }) => getVerificationMeta(results, { signal }),
    enabled,
  });
  if (!data) return null;
  const count = (...keys: readonly string[]) => keys.reduce((s, k) => s + (data.resultCounts?.find((r) => r.key === k)?.value ?? 0), 0);
  return {
    inProgress: count('PENDING'),
    actionRequired: count(...RESULT_ALIASES.ACTION),
    incomplete: count(...RESULT_ALIASES.INCOMPLETE),
    verified: count('VERIFIED'),
    notVerified: count('NOT_VERIFIED'),
    cancelled: count('CANCELLED'),
    delayed: count('UNABLE'),
    outstandingPendings: data.pendingCount ?? 0,
  };
}
