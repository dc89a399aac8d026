import type { VerificationMeta } from '@credence/api-contract';
import { ACTIONABLE_RESULTS, menuCounters } from '@credence/domain';
import { api, type CallOptions } from '@/shared/api/client';

export interface VerificationCounters {
  verificationsInProgress: number;
  verificationsActionRequired: number;
  outstandingPendings: number;
}

export type { VerificationMeta };

/** The results the shell's badges and Home count (spec 2.3, money 4): PENDING and the actionable ones. */
export const BADGE_RESULTS = ['PENDING', ...ACTIONABLE_RESULTS].join(',');

export function getVerificationMeta(results: string, options: CallOptions = {}): Promise<VerificationMeta> {
  return api.get<VerificationMeta>('/verification/meta', { results }, { ...options, silent: true });
}

/**
 * The sidebar's badges from the meta answer. 'Verifications needing action' (access 2.3) is the counter
 * verificationsActionRequired, which money 4 defines as NOT_FOUND + REJECTED (libs/domain menuCounters): the same
 * number as Home's and the dashboard's Action Required. Incomplete drafts (UNPAID, AWAITING_CONSENT) have their own
 * count there; in the badge they made it disagree with both screens.
 */
export function countersOf(meta: VerificationMeta | undefined): VerificationCounters {
  const count = (key: string) => meta?.resultCounts?.find((r) => r.key === key)?.value ?? 0;
  const counts = menuCounters({ NOT_FOUND: count('NOT_FOUND'), REJECTED: count('REJECTED'), PENDING: count('PENDING') });
  return {
    verificationsInProgress: counts.verificationsInProgress,
    verificationsActionRequired: counts.verificationsActionRequired,
    outstandingPendings: meta?.pendingCount ?? 0,
  };
}
