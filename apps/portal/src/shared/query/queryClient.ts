import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/shared/api/client';
import { callerOf, sessionStore } from '@/shared/session/sessionStore';

/** How long a read is fresh: a revisited list shows what it had at once and refreshes behind it after this. */
export const STALE_MS = 30_000;
/**
 * How long an unused result is kept. Money 2.6: "views keep their loaded state when revisited" (verification,
 * application, pending, resolved, applicants and credit history) for as long as the user is signed in; the cache
 * is cleared when the signed-in user changes, so an hour is long enough and bounds memory.
 */
export const KEEP_UNUSED_MS = 60 * 60_000;
const MAX_READ_RETRIES = 2;

/**
 * A read is retried only when trying again can help: no response (status 0), or the server's own failure (5xx).
 * A 4xx is an answer (not found, forbidden, invalid), and a call whose session ended is being handled already.
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_READ_RETRIES) return false;
  if (!(error instanceof ApiError)) return false;
  if (error.sessionEnded) return false;
  return error.status === 0 || error.status >= 500;
}

/**
 * The portal's one QueryClient. Reads (GET) are idempotent and may retry; writes are mutations and never retry
 * on their own: a retried POST could order or pay twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_MS,
        gcTime: KEEP_UNUSED_MS,
        retry: shouldRetryRead,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
        // The API client toasts errors itself (spec 7.1); a focus refetch that fails would toast out of nowhere.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Tenants never share a cache: when the signed-in user changes (sign-out, expiry, another user's login,
 * impersonation starting or ending), everything cached for the previous one is dropped. Returns the unsubscribe function.
 */
export function clearOnUserChange(client: QueryClient): () => void {
  let user = userOf();
  return sessionStore.subscribe(() => {
    const next = userOf();
    if (next === user) return;
    user = next;
    client.clear();
  });
}

/**
 * Who the cache belongs to: the user, their account, and the staff member impersonating them (an impersonated
 * session is a different caller). Not the token itself: a refreshed token is the same user and keeps the cache.
 */
function userOf(): string {
  const { token, claims } = sessionStore.getState();
  return token ? callerOf(claims) : '';
}
