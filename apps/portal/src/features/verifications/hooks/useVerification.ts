import { useQuery } from '@tanstack/react-query';
import { getInstitute, getVerification } from '@/features/verifications/api/verifications';
import { queryKeys } from '@/shared/query/queryKeys';

/** GET /verification/{id}: the record with its Event History (2.9). A 4xx is an answer, shown, not retried. */
export function useVerification(id: string) {
  return useQuery({
    queryKey: queryKeys.verification.detail(id),
    queryFn: ({ signal }) => getVerification(id, { signal, silent: true }),
  });
}

/** The institute's field definitions (names and kinds) for the result card and the amend form. */
export function useInstituteFields(instituteId: string | null | undefined) {
  return useQuery({
    queryKey: queryKeys.institute.detail(instituteId ?? ''),
    queryFn: ({ signal }) => getInstitute(instituteId ?? '', { signal }),
    enabled: !!instituteId,
    staleTime: 10 * 60_000,
  });
}
