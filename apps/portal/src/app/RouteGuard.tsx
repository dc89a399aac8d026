import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigate } from 'react-router';
import { guard, type GuardDecision } from '@/app/guard';
import { routeHandle } from '@/shared/routing/routeHandle';
import { DOWNTIME_END } from '@/shared/config';
import { sessionStore } from '@/shared/session/sessionStore';
import { useSession } from '@/shared/session/useSession';

/** Runs the navigation guard on every navigation; renders the matched screen only when it allows. */
export function RouteGuard() {
  const location = useLocation();
  const matches = useMatches();
  const session = useSession();
  const access = routeHandle(matches)?.access ?? 'public';
  const decision = guard(
    { pathname: location.pathname, search: location.search, access },
    { session, now: new Date(), downtimeEnd: DOWNTIME_END },
  );

  return (
    <>
      <ScrollRestoration />
      {decision.kind === 'allow' ? <Outlet /> : <GuardRedirect decision={decision} />}
    </>
  );
}

function GuardRedirect({ decision }: { decision: Extract<GuardDecision, { kind: 'redirect' }> }) {
  const navigate = useNavigate();
  const { to, rememberRedirect, endSession } = decision;
  // Keyed on the values, not the object: storing the redirect re-renders the guard with an equal decision.
  useEffect(() => {
    if (endSession) sessionStore.signOut(endSession);
    if (rememberRedirect) sessionStore.rememberRedirect(rememberRedirect);
    void navigate(to, { replace: true });
  }, [to, rememberRedirect, endSession, navigate]);
  return null;
}
