import type { VerificationMeta } from '@credence/api-contract';
import { ACTIONABLE_RESULTS } from '@credence/domain';
import { api, type CallOptions } from '@/shared/api/client';

export interface VerificationCounters {
  verificationsInProgress: number;
  verificationsActionRequired: number;
  outstandingPendings: number;
}

export type { VerificationMeta };

/** The results the shell's badges count (spec 2.3): in progress is PENDING, needing action the actionable ones. */
export const BADGE_RESULTS = ['PENDING', ...ACTIONABLE_RESULTS].join(',');

export function getVerificationMeta(results: string, options: CallOptions = {}): Promise<VerificationMeta> {
  return api.get<VerificationMeta>('/verification/meta', { results }, { ...options, silent: true });
}

/** The sidebar's badges from the meta answer (libs/domain ACTIONABLE_RESULTS says which results need action). */
export function countersOf(meta: VerificationMeta | undefined): VerificationCounters {
  const count = (key: string) => meta?.resultCounts?.find((r) => r.key === key)?.value ?? 0;
  return {
    verificationsInProgress: count('PENDING'),
    verificationsActionRequired: ACTIONABLE_RESULTS.reduce((sum, r) => sum + count(r), 0),
    outstandingPendings: meta?.pendingCount ?? 0,
  };
}
