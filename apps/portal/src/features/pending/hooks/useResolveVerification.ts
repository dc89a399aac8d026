import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resolveByKey, resolvePending, type ResolutionInput } from '@/features/pending/api/pending';
import { queryKeys } from '@/shared/query/queryKeys';

/**
 * Resolving a request (2.11). Signed in, it changes the pending and resolved lists, the records and the sidebar's
 * pending badge: every verification read under queryKeys.verification.all is read again. The request itself is
 * only marked stale: read again now it would answer 204 and the page would say 'Already Resolved' instead of
 * what follows an answer; a later visit reads it again. The public link changes only its own request. Never
 * retried: a second answer would be refused. The pending lists are dropped (see below).
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
      // The resolver goes back to the pending list: dropped rather than marked stale, so it loads afresh instead of
      // showing, for a moment, the request just answered (the API answered once its list read model had the change).
      client.removeQueries({ queryKey: ['verification', 'pending'], exact: false });
      await client.invalidateQueries({
        queryKey: queryKeys.verification.all,
        predicate: (q) => !(q.queryKey[1] === own[1] && q.queryKey[2] === own[2]),
      });
    },
  });
}
