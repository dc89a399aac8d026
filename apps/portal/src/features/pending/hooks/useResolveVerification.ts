import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resolveByKey, resolvePending, type ResolutionInput } from '@/features/pending/api/pending';
import { queryKeys } from '@/shared/query/queryKeys';

/**
 * Resolving a request (2.11). Signed in, it changes the pending and resolved lists, the records and the sidebar's
 * pending badge: every verification read under queryKeys.verification.all is read again. The request itself is
 * only marked stale: read again now it would answer 204 and the page would say 'Already Resolved' instead of
 * what follows an answer; a later visit reads it again. The public link changes only its own request. Never
 * retried: a second answer would be refused.
 */
export function useResolveVerification(id: string, publicMode: boolean) {
  const client = useQueryClient();
  const own = publicMode ? queryKeys.verification.resolveLink(id) : queryKeys.verification.pendingDetail(id);
  return useMutation({
    mutationFn: (input: ResolutionInput) =>
      publicMode ? resolveByKey(id, input) : resolvePending(id, input),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: own, refetchType: 'none' });
      if (publicMode) return;
      await client.invalidateQueries({
        queryKey: queryKeys.verification.all,
        predicate: (q) => !(q.queryKey[1] === own[1] && q.queryKey[2] === own[2]),
      });
    },
  });
}
