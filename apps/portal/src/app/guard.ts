import { allowedTypes, isAdmin, isInstituteLike } from '@/shared/session/access';
import type { Access } from '@/shared/routing/routeHandle';
import type { SessionState } from '@/shared/session/sessionStore';

export interface GuardTarget {
  pathname: string;
  search: string;
  access: Access;
}

export interface GuardContext {
  session: SessionState;
  now: Date;
  downtimeEnd: Date | null;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; rememberRedirect?: string; endSession?: 'expiry' };

const allow: GuardDecision = { kind: 'allow' };

/** The navigation guard of spec 2.2, in its order, as a pure function of the target and the session. */
export function guard(target: GuardTarget, { session, now, downtimeEnd }: GuardContext): GuardDecision {
  const path = normalise(target.pathname);

  // 1. A configured downtime sends every route to the maintenance page.
  if (downtimeEnd && path !== '/maintenance') return { kind: 'redirect', to: '/maintenance' };

  // 2. Public screens need no login.
  if (target.access === 'public') return allow;

  // 3. Signed out: remember where the user was going. After a logout there is nothing to come back to; after an
  // expiry the user comes back to this page, and is told why they have to sign in again.
  const here = target.pathname + target.search;
  if (!session.token || !session.claims) {
    if (session.endedBy === 'logout') return { kind: 'redirect', to: '/login' };
    if (session.endedBy === 'expiry')
      return { kind: 'redirect', to: '/login?expired=true', rememberRedirect: here };
    return { kind: 'redirect', to: '/login', rememberRedirect: here };
  }

  // 4. An expired session. Until the refresh call exists the session ends here, as spec 2.2 does when refresh fails.
  const { claims } = session;
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= now.getTime()) {
    return { kind: 'redirect', to: '/login?expired=true', rememberRedirect: here, endSession: 'expiry' };
  }

  // 5. Country Insights or its prompt, by access.
  if (path === '/countryinfo' && !claims.hasCountryAccess)
    return { kind: 'redirect', to: '/countryinfoprompt' };
  if (path === '/countryinfoprompt' && claims.hasCountryAccess)
    return { kind: 'redirect', to: '/countryinfo' };

  // 6. Institutes and parents without allowed types have no dashboard.
  if (path === '/dashboard' && isInstituteLike(claims) && allowedTypes(claims).length === 0) {
    return { kind: 'redirect', to: '/verification/pending' };
  }

  // 7. Analytics needs both the access flag and the admin role.
  if (path === '/analytics' && !(claims.hasAnalyticsAccess && isAdmin(claims)))
    return { kind: 'redirect', to: '/' };

  return allow;
}

function normalise(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}
