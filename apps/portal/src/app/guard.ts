import { canBuyCredit, canUseAnalytics, canUseCountryInsights, hasDashboard } from '@credence/domain';
import { APP_HOSTS } from '@/shared/config';
import type { Access } from '@/shared/routing/routeHandle';
import { factsOf } from '@/shared/session/account';
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
  /** The browser's host name: it decides where a signed-out visitor is sent (step 3). */
  host?: string;
}

export type GuardDecision =
  | { kind: 'allow' }
  /** Step 4: refresh the login, then run the guard again (on failure the session ends and step 3 applies). */
  | { kind: 'refresh' }
  | { kind: 'redirect'; to: string; rememberRedirect?: string; endSession?: 'expiry' };

const allow: GuardDecision = { kind: 'allow' };

/** Step 3: the product's app hosts (and local development) send a visitor to /login; any other host registers. */
export function signInPath(host: string | undefined): string {
  if (!host) return '/login';
  return (APP_HOSTS as readonly string[]).includes(host.toLowerCase()) ? '/login' : '/login/register';
}

/** The navigation guard of spec 2.2, in its order, as a pure function of the target and the session. */
export function guard(target: GuardTarget, { session, now, downtimeEnd, host }: GuardContext): GuardDecision {
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
    return { kind: 'redirect', to: signInPath(host), rememberRedirect: here };
  }

  // 4. An expired session is refreshed first. Past its auto-logout time no refresh can succeed (spec 4.1), so it
  // ends here without asking.
  const at = now.getTime();
  if (session.autoLogout !== null && at >= session.autoLogout) {
    return { kind: 'redirect', to: '/login?expired=true', rememberRedirect: here, endSession: 'expiry' };
  }
  if (session.expiry !== null && at >= session.expiry) return { kind: 'refresh' };

  const facts = factsOf(session.claims);

  // 5. Country Insights or its prompt, by access: the same rule as the screens and the API (an individual whose
  // flag is on still gets the prompt; testing the flag alone here sent the two pages to each other for ever).
  if (path === '/countryinfo' && !canUseCountryInsights(facts))
    return { kind: 'redirect', to: '/countryinfoprompt' };
  if (path === '/countryinfoprompt' && canUseCountryInsights(facts))
    return { kind: 'redirect', to: '/countryinfo' };

  // 6. Institutes and parents without allowed types have no dashboard.
  if (path === '/dashboard' && !hasDashboard(facts)) return { kind: 'redirect', to: '/verification/pending' };

  // 7. Analytics needs both the access flag and the admin role.
  if (path === '/analytics' && !canUseAnalytics(facts)) return { kind: 'redirect', to: '/' };

  // 8. Buy Credit is for those who may buy (CARD payers, not individuals: canBuyCredit), as 7 does for analytics.
  if (path === '/credit/buy' && !canBuyCredit(facts)) return { kind: 'redirect', to: '/' };

  return allow;
}

function normalise(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}
