import { useMutation } from '@tanstack/react-query';
import { startRegistration } from '@/features/register/api/registration';

/** POST /register (access 4.2 step 2): creates a registration token and e-mails the link. Never retried. */
export function useStartRegistration() {
  return useMutation({ mutationFn: startRegistration });
}
