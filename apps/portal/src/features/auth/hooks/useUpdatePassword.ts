import { useMutation } from '@tanstack/react-query';
import { updatePassword, type UpdatePasswordRequest } from '@/features/auth/api/password';

/** PUT /auth signed in (spec 2.11, 5.3). Nothing cached holds the password: nothing to invalidate. */
export function useUpdatePassword() {
  return useMutation({ mutationFn: (request: UpdatePasswordRequest) => updatePassword(request) });
}
