import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { countOpenApplications } from '@/features/applications/api/countOpenApplications';
import { login, type LoginRequest } from '@/features/auth/api/login';
import { ApiError } from '@/shared/api/client';
import { useNotify } from '@/shared/notifications/useNotify';
import { UnreadableTokenError } from '@/shared/session/claims';
import { sessionStore } from '@/shared/session/sessionStore';

export const LOGIN_MESSAGES = {
  incorrect: 'Incorrect username or password',
  unknown: 'An unknown error occurred, please try again or report this error.',
  expired: 'Your session has expired, please log in again',
} as const;

/** Signs in, then goes where spec 2.5 says: open applications, the remembered page, or '/'. */
export function useLogin() {
  const navigate = useNavigate();
  const notify = useNotify();
  const [pending, setPending] = useState(false);

  const submit = useCallback(
    async (request: LoginRequest) => {
      setPending(true);
      try {
        const { token, refreshToken } = await login(request);
        sessionStore.signIn(token, refreshToken);
        await navigate(await landingPage(), { replace: true });
      } catch (error) {
        setPending(false);
        if (error instanceof UnreadableTokenError) {
          sessionStore.signOut('logout');
          notify({ severity: 'error', title: 'Error', message: error.message });
        } else if (error instanceof ApiError && error.status === 401) {
          notify({ severity: 'error', title: 'Error', message: LOGIN_MESSAGES.incorrect });
        } else {
          notify({ severity: 'error', title: 'Error', message: LOGIN_MESSAGES.unknown });
        }
      }
    },
    [navigate, notify],
  );

  return { submit, pending };
}

/** Spec 2.5: where a user lands after signing in. */
export async function landingPage(): Promise<string> {
  const claims = sessionStore.getState().claims ?? {};
  const remembered = sessionStore.takeRedirect();
  if (!claims.isIndividual) return remembered ?? '/';
  const open = await countOpenApplications().catch(() => 0);
  sessionStore.setOpenApplicationsAtSignIn(open);
  if (open > 0) return '/applications/open';
  // Individuals have a wallet, not a dashboard.
  if (remembered?.startsWith('/dashboard')) return '/wallet';
  return remembered ?? '/';
}
