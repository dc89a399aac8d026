import { useQuery } from '@tanstack/react-query';
import {
  getPendingByKey,
  getPendingVerification,
  getResolvedVerification,
} from '@/features/pending/api/pending';
import { queryKeys } from '@/shared/query/queryKeys';

/**
 * The resolve page's request (2.11): by id for a signed-in resolver, by the link's key in public mode. `null` is
 * the API's 204, 'Already Resolved'. A refusal is an answer ('Oops!'), not retried.
 */
export function usePendingRequest(id: string, publicMode: boolean) {
  return useQuery({
    queryKey: publicMode ? queryKeys.verification.resolveLink(id) : queryKeys.verification.pendingDetail(id),
    queryFn: ({ signal }) =>
      publicMode ? getPendingByKey(id, { signal }) : getPendingVerification(id, { signal }),
    retry: false,
  });
}

/** A resolved verification, read only (/verification/resolved/{id}). */
export function useResolvedVerification(id: string) {
  return useQuery({
    queryKey: queryKeys.verification.resolvedDetail(id),
    queryFn: ({ signal }) => getResolvedVerification(id, { signal }),
    retry: false,
  });
}
