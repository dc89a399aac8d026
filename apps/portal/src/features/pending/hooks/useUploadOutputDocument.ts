import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadOutputDocument, type OutputUpload } from '@/features/pending/api/pending';
import { queryKeys } from '@/shared/query/queryKeys';

/** An output document attached by the resolver (2.11); the request is read again to list it. Never retried. */
export function useUploadOutputDocument(id: string, publicMode: boolean) {
  const client = useQueryClient();
  const own = publicMode ? queryKeys.verification.resolveLink(id) : queryKeys.verification.pendingDetail(id);
  return useMutation({
    mutationFn: (doc: OutputUpload) => uploadOutputDocument(id, publicMode, doc),
    onSuccess: () => client.invalidateQueries({ queryKey: own }),
  });
}
