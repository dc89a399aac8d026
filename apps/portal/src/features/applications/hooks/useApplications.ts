import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteApplicationDocument,
  getApplication,
  listOpenApplications,
  listWalletVerifications,
  saveApplicationFields,
  selectApplicationVerifications,
  uploadApplicationDocument,
} from '@/features/applications/api/applications';
import { queryKeys } from '@/shared/query/queryKeys';

/** The applicant's open applications (2.13). */
export function useOpenApplicationList() {
  return useQuery({
    queryKey: queryKeys.application.list({ status: 'OPEN', page: 0, size: 500 }),
    queryFn: ({ signal }) => listOpenApplications({ signal }),
  });
}

/** One application; a 404 is an answer (not retried). */
export function useApplication(id: string) {
  return useQuery({
    queryKey: queryKeys.application.detail(id),
    queryFn: ({ signal }) => getApplication(id, { signal }),
    retry: false,
  });
}

/** Saves the Application Details' fields; the application is read again. */
export function useSaveApplicationFields(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: { key: string; value: string | null }[]) => saveApplicationFields(id, fields),
    onSuccess: (saved) => client.setQueryData(queryKeys.application.detail(id), saved),
  });
}

/** Uploads one document to the application through its documents route, then reads the application again. */
export function useUploadApplicationDocument(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (doc: { name: string; requirementId: string | null; filename: string; data: string }) => uploadApplicationDocument(id, doc, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.application.detail(id) }),
  });
}

export function useDeleteApplicationDocument(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (docId: string) => deleteApplicationDocument(id, docId),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.application.detail(id) }),
  });
}

/** The wallet's verifications for the 'Select Verifications' modal, read when it opens. */
export function useWalletVerifications(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.verification.list({ wallet: 'transfer' }),
    queryFn: ({ signal }) => listWalletVerifications({ signal }),
    enabled,
  });
}

/** Saves which verifications the application includes; the answer is the application as it now is. */
export function useSelectApplicationVerifications(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (verificationIds: string[]) => selectApplicationVerifications(id, verificationIds),
    onSuccess: (saved) => client.setQueryData(queryKeys.application.detail(id), saved),
  });
}
