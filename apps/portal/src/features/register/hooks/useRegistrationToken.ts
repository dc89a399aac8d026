import { useQuery } from '@tanstack/react-query';
import { getRegistrationToken } from '@/features/register/api/registration';
import { queryKeys } from '@/shared/query/queryKeys';

/** Access 2.7 (b): the registration token of the e-mailed link, read for the complete form. */
export function useRegistrationToken(token: string) {
  return useQuery({
    queryKey: queryKeys.registration.token(token),
    queryFn: ({ signal }) => getRegistrationToken(token, signal),
  });
}
