import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteVerification,
  resubmitVerification,
  submitVerification,
  uploadVerificationDocument,
  type DocumentUpload,
  type ResubmitInput,
  type SubmitInput,
} from '@/features/verifications/api/verifications';
import { deleteDocument } from '@/features/ordering/api/ordering';
import { queryKeys } from '@/shared/query/queryKeys';

/**
 * The view's writes (2.9). Each refreshes every verification read (the record, the history, the sidebar's
 * badges under the same prefix); submitting moves money, so the balance and invoices are read again too.
 */
function useVerificationWrite<I, O>(write: (input: I) => Promise<O>, movesMoney = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.verification.all }),
        movesMoney ? client.invalidateQueries({ queryKey: queryKeys.credit.all }) : undefined,
      ]);
    },
  });
}

export const useResubmitVerification = (id: string) =>
  useVerificationWrite((input: ResubmitInput) => resubmitVerification(id, input));

/** Submit an incomplete request as amended; a CARD payer's unpaid one is paid with the card (then it moves money). */
export const useSubmitVerification = (id: string) =>
  useVerificationWrite((input: SubmitInput) => submitVerification(id, input), true);

export function useDeleteVerification(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteVerification(id),
    onSuccess: async () => {
      // The deleted record is gone: drop it rather than read it again (that would answer 404).
      client.removeQueries({ queryKey: queryKeys.verification.detail(id) });
      await client.invalidateQueries({ queryKey: queryKeys.verification.all });
    },
  });
}

/** Amending (2.6, 2.9): a document attached or deleted at once; the record is read again with its documents. */
export const useAddDocument = (id: string) =>
  useVerificationWrite((doc: DocumentUpload) => uploadVerificationDocument(id, doc));

export const useDeleteDocument = (id: string) =>
  useVerificationWrite((docId: string) => deleteDocument(id, docId));
