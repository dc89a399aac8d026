import { decodeClaims } from '@/auth/claims';
import { tokens } from '@/auth/tokens';

let inFlight: Promise<boolean> | null = null;

/**
 * Swaps the refresh token for a new pair (GET /v1/auth, access.md 7.2). One call at a time: the API rotates
 * refresh tokens and treats a reused one as theft, so parallel requests must share the same refresh.
 */
export function refreshSession(): Promise<boolean> {
  inFlight ??= (async () => {
    const refreshToken = tokens.refreshToken;
    if (!refreshToken) return false;
    try {
      const response = await fetch('/v1/auth', {
        method: 'GET',
        headers: { 'X-Client-Type': 'WEB', 'X-REFRESH-TOKEN': refreshToken, Accept: 'application/json' },
      });
      const token = response.headers.get('x-auth-token');
      const next = response.headers.get('x-refresh-token');
      if (!response.ok || !token || !next) return false;
      tokens.store(token, next);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Seconds until the access token expires (negative once it has); null without a readable token. */
export function secondsLeft(now = Date.now()): number | null {
  const exp = decodeClaims(tokens.token)?.exp;
  return typeof exp === 'number' ? exp - now / 1000 : null;
}
