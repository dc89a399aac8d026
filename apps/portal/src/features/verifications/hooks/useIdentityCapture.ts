import { useMutation, useQueryClient } from '@tanstack/react-query';
import { initIdentity, startIdentityCheck, type IdentityPerson } from '@/features/verifications/api/identity';
import { queryKeys } from '@/shared/query/queryKeys';

/** POST /id/init: the capture widget's applicant at the provider (2.8). */
export function useInitIdentity() {
  return useMutation({ mutationFn: (person: IdentityPerson) => initIdentity(person) });
}

/** The widget's applicant id reported back: the verification moves on to the provider's check (2.8). */
export function useStartIdentityCheck(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (applicantId: string) => startIdentityCheck(id, applicantId),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.verification.all }),
  });
}
