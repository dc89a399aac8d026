import type { AuthProvider } from 'react-admin';
import { decodeClaims } from '@/auth/claims';
import { isStaff } from '@/auth/isStaff';
import { consoleRole, mayAccess } from '@/auth/permissions';
import { refreshSession, secondsLeft } from '@/auth/refresh';
import { tokens } from '@/auth/tokens';

export const AUTH_MESSAGES = {
  notStaff: 'This console is for Credence staff. Please sign in to the portal instead.',
  incorrect: 'Incorrect username or password',
  unknown: 'An unknown error occurred, please try again or report this error.',
  unreadable: 'Authentication failed, could not read API token. Please contact Credence support.',
} as const;

const CLIENT_HEADERS = { 'X-Client-Type': 'WEB' };

interface LoginParams {
  username: string;
  password: string;
}

/** Sign-in for staff against the same /v1/auth the portal uses; the tokens come back in response headers. */
export const authProvider: AuthProvider = {
  async login({ username, password }: LoginParams) {
    let response: Response;
    try {
      response = await fetch('/v1/auth', {
        method: 'POST',
        headers: { ...CLIENT_HEADERS, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ username, password }),
      });
    } catch {
      throw new Error(AUTH_MESSAGES.unknown);
    }
    if (response.status === 401) throw new Error(AUTH_MESSAGES.incorrect);
    if (!response.ok) throw new Error(AUTH_MESSAGES.unknown);

    const token = response.headers.get('x-auth-token') ?? '';
    const refreshToken = response.headers.get('x-refresh-token') ?? '';
    const claims = decodeClaims(token);
    if (!claims) throw new Error(AUTH_MESSAGES.unreadable);
    if (!isStaff(claims.sub ?? username, claims)) {
      // The customer did sign in; end that session rather than leave a live refresh token behind.
      await revoke(refreshToken);
      throw new Error(AUTH_MESSAGES.notStaff);
    }
    tokens.store(token, refreshToken);
    // Auditors have no dashboard: they start at the verifications they replay.
    return consoleRole(claims) === 'auditor' ? { redirectTo: '/verifications' } : undefined;
  },

  async logout() {
    const { refreshToken } = tokens;
    tokens.clear();
    await revoke(refreshToken);
  },

  async checkAuth() {
    const claims = decodeClaims(tokens.token);
    // Not signed in yet: straight to the login page, without an error toast (react-admin skips it for message false).
    if (!claims) throw { message: false };
    const left = secondsLeft();
    if (left !== null && left <= 0 && !(await refreshSession())) {
      tokens.clear();
      throw new Error('Session expired.');
    }
  },

  // 401 only: a 403 is a read this role may not make (an auditor's), not a session that ended.
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      tokens.clear();
      throw new Error('Session expired.');
    }
  },

  async getPermissions() {
    return consoleRole(decodeClaims(tokens.token));
  },

  async canAccess(params: { resource: string; action: string }) {
    return mayAccess(consoleRole(decodeClaims(tokens.token)), params);
  },

  async getIdentity() {
    const claims = decodeClaims(tokens.token);
    if (!claims?.sub) throw new Error('Not signed in');
    return { id: claims.sub, fullName: claims.sub };
  },
};

async function revoke(refreshToken: string): Promise<void> {
  if (!refreshToken) return;
  // Best effort: an unrevoked refresh token still expires on its own.
  await fetch('/v1/auth', {
    method: 'DELETE',
    headers: { ...CLIENT_HEADERS, 'X-REFRESH-TOKEN': refreshToken },
  }).catch(() => undefined);
}
