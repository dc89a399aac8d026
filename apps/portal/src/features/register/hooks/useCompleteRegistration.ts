import { useMutation } from '@tanstack/react-query';
import { completeRegistration, type CompleteRegistrationRequest } from '@/features/register/api/registration';

/**
 * PUT /register/{token} (access 4.2 step 4): sets the password and the company. Nothing cached needs refreshing:
 * the sign-in that follows changes the user, which drops the whole cache (queryClient.ts).
 */
export function useCompleteRegistration(token: string) {
  return useMutation({
    mutationFn: (request: CompleteRegistrationRequest) => completeRegistration(token, request),
  });
}
