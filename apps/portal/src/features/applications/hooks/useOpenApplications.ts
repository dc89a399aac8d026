import { useQuery } from '@tanstack/react-query';
import { countOpenApplications } from '@/features/applications/api/countOpenApplications';
import { queryKeys } from '@/shared/query/queryKeys';
import { useSession } from '@/shared/session/useSession';

/**
 * How many applications are open for an applicant (spec 2.3: Open Applications shows above 0, and hides Dashboard
 * and New Verification). Until the shell's own count answers, the count made at sign-in stands in for it, so the
 * sidebar does not change shape after login; a failure leaves it at what is known (0 when nothing is).
 */
export function useOpenApplicationsCount({ enabled }: { enabled: boolean }): number {
  const { openApplicationsAtSignIn } = useSession();
  const { data } = useQuery({
    queryKey: queryKeys.application.open(),
    queryFn: ({ signal }) => countOpenApplications({ signal }),
    enabled,
  });
  if (!enabled) return 0;
  return data ?? openApplicationsAtSignIn ?? 0;
}
