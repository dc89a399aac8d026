import { REFRESH_MARGIN_MS } from '@/shared/config';
import { ApiError, apiRequest } from '@/shared/api/client';
import { notifyGlobal } from '@/shared/notifications/notifier';
import { UnreadableTokenError } from '@/shared/session/claims';
import { sessionStore } from '@/shared/session/sessionStore';

/** Spec 8, login and session. */
export const REFRESH_MESSAGES = {
  cantRefresh: 'Session expired.',
  unknown:
    'An unknown error occurred trying to keep your session alive, please try again or report this error.',
} as const;

let inflight: Promise<boolean> | null = null;

/**
 * Spec 4.1: swaps the refresh token for new tokens. Every caller that finds the token expired at the same moment
 * shares one call: refresh tokens rotate, and sending the old one twice would revoke the session. Resolves false
 * when the session is over (the user is then signed out and the guard sends them to /login?expired=true).
 */
export function refreshSession(): Promise<boolean> {
  inflight ??= doRefresh().finally(() => {
    inflight = null;
  });
  return inflight;
}

async function doRefresh(): Promise<boolean> {
  const { refreshToken } = sessionStore.getState();
  try {
    const response = await apiRequest<unknown>('/auth', {
      headers: { 'X-REFRESH-TOKEN': refreshToken },
      silent: true,
      skipRefresh: true,
    });
    sessionStore.signIn(
      response.headers.get('x-auth-token') ?? '',
      response.headers.get('x-refresh-token') ?? '',
    );
    return true;
  } catch (error) {
    if (error instanceof UnreadableTokenError) {
      notifyGlobal({ severity: 'error', title: 'Error', message: error.message });
    } else if (error instanceof ApiError && error.codes.includes('QC-CANTREFRESH')) {
      notifyGlobal({ severity: 'error', title: 'Error', message: REFRESH_MESSAGES.cantRefresh });
    } else if (!(error instanceof ApiError && error.status === 401)) {
      notifyGlobal({ severity: 'error', title: 'Error', message: REFRESH_MESSAGES.unknown });
    }
    sessionStore.signOut('expiry');
    return false;
  }
}

/**
 * Before a signed-in call or navigation: a token at (or just before) its expiry is refreshed first; a session past
 * its auto-logout time is over. Resolves whether the session can be used.
 */
export async function ensureFreshSession(now = Date.now()): Promise<boolean> {
  const { token, expiry, autoLogout } = sessionStore.getState();
  if (!token) return true;
  if (autoLogout !== null && now >= autoLogout) {
    expireSession();
    return false;
  }
  if (expiry !== null && now >= expiry - REFRESH_MARGIN_MS) return refreshSession();
  return true;
}

/** Spec 4.1: the auto-logout. Revokes the refresh token (best effort) and ends the session as expired. */
export function expireSession() {
  const { refreshToken } = sessionStore.getState();
  sessionStore.signOut('expiry');
  if (refreshToken) {
    void apiRequest<unknown>('/auth', {
      method: 'DELETE',
      headers: { 'X-REFRESH-TOKEN': refreshToken },
      silent: true,
      skipRefresh: true,
    }).catch(() => undefined);
  }
}

/** Whether the session has passed its auto-logout time. */
export function isPastAutoLogout(now = Date.now()): boolean {
  const { token, autoLogout } = sessionStore.getState();
  return !!token && autoLogout !== null && now >= autoLogout;
}
