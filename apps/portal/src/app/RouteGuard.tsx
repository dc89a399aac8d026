import { Box, LinearProgress } from '@mui/material';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { guard, type GuardDecision } from '@/app/guard';
import { useScrollToTop } from '@/app/useScrollToTop';
import { routeHandle } from '@/shared/routing/routeHandle';
import { DOWNTIME_END } from '@/shared/config';
import { refreshSession } from '@/shared/session/refresh';
import { sessionStore } from '@/shared/session/sessionStore';
import { useSession } from '@/shared/session/useSession';

/** Runs the navigation guard on every navigation; renders the matched screen only when it allows. */
export function RouteGuard() {
  const location = useLocation();
  const matches = useMatches();
  const session = useSession();
  useScrollToTop();

  // Links of the old hash-routed app (#/countryInfo, #/verification/history?...) keep working.
  if (location.hash.startsWith('#/')) return <Navigate to={location.hash.slice(1)} replace />;

  const access = routeHandle(matches)?.access ?? 'public';
  const decision = guard(
    { pathname: location.pathname, search: location.search, access },
    { session, now: new Date(), downtimeEnd: DOWNTIME_END, host: window.location.hostname },
  );

  switch (decision.kind) {
    case 'allow':
      return <Outlet />;
    case 'refresh':
      return <RefreshThenContinue />;
    case 'redirect':
      return <GuardRedirect decision={decision} />;
    default: {
      const never: never = decision;
      return never;
    }
  }
}

/** Step 4: the session store changes when the refresh ends, which runs the guard again either way. */
function RefreshThenContinue() {
  useEffect(() => {
    void refreshSession();
  }, []);
  return (
    <Box
      role="progressbar"
      aria-label="Renewing your session"
      sx={{ position: 'fixed', inset: '0 0 auto 0' }}
    >
      <LinearProgress />
    </Box>
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
