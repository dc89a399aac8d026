import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shareKeys } from '@/features/sharing/api/shareKeys';
import { createShare, deleteShare, listShares, receivedShares, type NewShare, type ShareScope } from '@/features/sharing/api/shares';

export function useShares(scope: ShareScope) {
  return useQuery({ queryKey: shareKeys.list(scope), queryFn: ({ signal }) => listShares(scope, { signal, silent: true }) });
}

export function useReceivedShares(enabled = true) {
  return useQuery({ queryKey: shareKeys.received(), queryFn: ({ signal }) => receivedShares({ signal, silent: true }), enabled });
}

export function useCreateShare(scope: ShareScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (share: NewShare) => createShare(scope, share),
    onSettled: () => client.invalidateQueries({ queryKey: shareKeys.list(scope) }),
  });
}

export function useDeleteShare(scope: ShareScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => deleteShare(scope, shareId),
    onSettled: () => client.invalidateQueries({ queryKey: shareKeys.list(scope) }),
  });
}
