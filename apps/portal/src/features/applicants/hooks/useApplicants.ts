import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  archiveApplication,
  getApplicant,
  getApplicationVerification,
  inviteApplicant,
  listApplicants,
  listApplicationFilters,
} from '@/features/applicants/api/applicants';
import type { Query } from '@/shared/api/client';
import { queryKeys } from '@/shared/query/queryKeys';

/** One page of the applicant history; the rows stay while the next page loads, and a revisit shows them at once. */
export function useApplicants(query: Query) {
  return useQuery({
    queryKey: queryKeys.applicant.list(query),
    queryFn: ({ signal }) => listApplicants(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useApplicationFilters(enabled: boolean) {
  return useQuery({
    queryKey: ['applicant', 'filters'],
    queryFn: ({ signal }) => listApplicationFilters({ signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useApplicant(id: string) {
  return useQuery({
    queryKey: [...queryKeys.applicant.all, 'detail', id],
    queryFn: ({ signal }) => getApplicant(id, { signal }),
    retry: false,
  });
}

/** Each included verification, for its documents (2.13: documents per verification). */
export function useApplicationVerifications(ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: queryKeys.verification.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getApplicationVerification(id, { signal }),
      retry: false,
    })),
  });
}

/** Archives one application or several; the lists and the application are read again. */
export function useArchiveApplications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      for (const id of ids) await archiveApplication(id);
    },
    onSettled: () => Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.applicant.all }),
      client.invalidateQueries({ queryKey: queryKeys.application.all }),
    ]),
  });
}

export function useInviteApplicant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: inviteApplicant,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.applicant.all }),
  });
}
