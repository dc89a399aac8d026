import { useQuery } from '@tanstack/react-query';
import { checkCertificate } from '@/features/certificate/api/certificate';
import { queryKeys } from '@/shared/query/queryKeys';

/** The public record of a certificate code; an unknown code is an answer (404), not something to retry. */
export function useCertificateCheck(code: string) {
  return useQuery({
    queryKey: queryKeys.certificate.check(code),
    queryFn: ({ signal }) => checkCertificate(code, signal),
    retry: false,
    staleTime: 60_000,
  });
}
