import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '@/features/auth/api/logout';
import { sessionStore } from '@/shared/session/sessionStore';

/** Spec 2.3: revoke the session, clear all local state and storage, go to /login. */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    const { refreshToken } = sessionStore.getState();
    // The user is leaving either way; a failed revoke only means the refresh token expires on its own.
    await logout(refreshToken).catch(() => undefined);
    sessionStore.signOut('logout');
    await navigate('/login', { replace: true });
  }, [navigate]);
}
