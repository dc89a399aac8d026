import { AUTO_LOGOUT_AFTER_EXPIRY_MS } from '@/shared/config';
import { decodeClaims, type SessionClaims } from '@/shared/session/claims';

/** What the client holds for the signed-in user (spec 3.1). */
export interface SessionState {
  token: string;
  refreshToken: string;
  claims: SessionClaims | null;
  /** When the token expires, in epoch ms by this browser's clock; null when the token does not say. */
  expiry: number | null;
  /** Spec 4.1: 14 minutes after the expiry the session is over, refresh or not. */
  autoLogout: number | null;
  /** Where to go after login: the page a signed-out visitor asked for (spec 2.2 step 3). */
  redirectPage: string | null;
  /**
   * Why the last session of this page load ended. The guard needs it: after a logout the page the user was on
   * is not the next login's destination; after an expiry it is, and the login screen says the session expired.
   */
  endedBy: SessionEnd | null;
  /** Spec 2.4: the marketing/campaign code of the visit, appended to the login, register and forgot calls. */
  qcmc: string | null;
  /**
   * Spec 2.5: the open applications counted at sign-in (login, or the end of registration), before the shell's own
   * query has answered; null when not counted. The badges and the balance are not here: they are server state, read
   * from the query cache (features/shell/hooks/useShellCounters, features/credit/hooks/useCreditSummary).
   */
  openApplicationsAtSignIn: number | null;
  /** Spec 3.1 and 7.1: the application being filled in, sent as X-QC-APPL-ID with every call; null when none. */
  applicationInProgress: string | null;
}

export type SessionEnd = 'logout' | 'expiry';

/**
 * Everything the portal keeps in localStorage is under this prefix. The console shares the origin (and so the
 * storage), so the portal's logout clears its own keys, not the staff console's session.
 */
export const STORAGE_PREFIX = 'credence.portal.';
const STORAGE_KEY = `${STORAGE_PREFIX}session`;
const empty: SessionState = {
  token: '',
  refreshToken: '',
  claims: null,
  expiry: null,
  autoLogout: null,
  redirectPage: null,
  endedBy: null,
  qcmc: null,
  openApplicationsAtSignIn: null,
  applicationInProgress: null,
};

type Listener = () => void;

/**
 * The expiry by this browser's clock. expOffset (the token's lifetime) is counted from now, so a browser whose
 * clock is off still refreshes on time; exp is the fallback for a token without it.
 */
function expiryOf(claims: SessionClaims, now: number): number | null {
  if (typeof claims.expOffset === 'number' && claims.expOffset > 0) return now + claims.expOffset * 1000;
  if (typeof claims.exp === 'number') return claims.exp * 1000;
  return null;
}

/**
 * The signed-in user's session, kept in localStorage so a reload keeps the user signed in. A plain store rather
 * than React state because the API client reads the token outside React.
 */
function createSessionStore() {
  let state = load();
  const listeners = new Set<Listener>();

  function set(next: SessionState) {
    state = next;
    save(state);
    listeners.forEach((l) => l());
  }

  /** Spec 2.5: the open applications counted right after sign-in. */
  function setOpenApplicationsAtSignIn(count: number | null) {
    if (count !== state.openApplicationsAtSignIn) set({ ...state, openApplicationsAtSignIn: count });
  }

  return {
    getState: (): SessionState => state,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Stores the tokens of a login or refresh; throws UnreadableTokenError when the token has no readable claims. */
    signIn(token: string, refreshToken: string, now = Date.now()) {
      const claims = decodeClaims(token);
      const expiry = expiryOf(claims, now);
      // A refresh is the same caller and keeps what was known; another user or an impersonation starts afresh.
      const sameCaller = callerOf(claims) === callerOf(state.claims);
      set({
        ...state,
        openApplicationsAtSignIn: sameCaller ? state.openApplicationsAtSignIn : null,
        applicationInProgress: sameCaller ? state.applicationInProgress : null,
        token,
        // A refresh that does not rotate the refresh token keeps the one we have.
        refreshToken: refreshToken || state.refreshToken,
        claims,
        expiry,
        autoLogout: expiry === null ? null : expiry + AUTO_LOGOUT_AFTER_EXPIRY_MS,
        endedBy: null,
      });
    },
    rememberRedirect(path: string) {
      set({ ...state, redirectPage: path });
    },
    /** Returns the remembered page once and forgets it (spec 2.5). */
    takeRedirect(): string | null {
      const page = state.redirectPage;
      if (page !== null) set({ ...state, redirectPage: null });
      return page;
    },
    setQcmc(code: string) {
      if (code !== state.qcmc) set({ ...state, qcmc: code });
    },
    setOpenApplicationsAtSignIn,
    /** @deprecated The counters are server state now; only the sign-in count is kept (setOpenApplicationsAtSignIn). */
    setCounters({ openApplications }: { openApplications?: number }) {
      if (openApplications !== undefined) setOpenApplicationsAtSignIn(openApplications);
    },
    /** Set by the application start page while an application is filled in, null when it ends (spec 7.1). */
    setApplicationInProgress(id: string | null) {
      if (id !== state.applicationInProgress) set({ ...state, applicationInProgress: id });
    },
    /** Spec 4.1: logout (or expiry) clears all state and the portal's local storage. */
    signOut(reason: SessionEnd) {
      wipeStorage();
      // An expired session comes back to the page it was on; a logout does not.
      const redirectPage = reason === 'expiry' ? state.redirectPage : null;
      state = { ...empty, redirectPage, endedBy: reason };
      if (redirectPage) save(state);
      listeners.forEach((l) => l());
    },
    /** Forgets everything, as if the page had just loaded with nothing stored. */
    clear() {
      wipeStorage();
      state = { ...empty };
      listeners.forEach((l) => l());
    },
  };
}

function save(state: SessionState) {
  // Server state (counters, credit) is not stored: a reload asks the API again rather than showing old figures.
  const { token, refreshToken, expiry, autoLogout, redirectPage, qcmc, applicationInProgress } = state;
  try {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ token, refreshToken, expiry, autoLogout, redirectPage, qcmc, applicationInProgress }),
    );
  } catch {
    // Private browsing can refuse storage; the session then lasts as long as the tab.
  }
}

function wipeStorage() {
  // Both stores: the tab's own state (a debug recording's id, access 2.3) goes with the rest.
  for (const store of [localStorage, sessionStorage]) {
    try {
      Object.keys(store)
        .filter((key) => key.startsWith(STORAGE_PREFIX))
        .forEach((key) => store.removeItem(key));
    } catch {
      // nothing stored
    }
  }
}

function load(): SessionState {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return { ...empty };
    const parsed = JSON.parse(raw) as Partial<SessionState>;
    const token = typeof parsed.token === 'string' ? parsed.token : '';
    const num = (v: unknown) => (typeof v === 'number' ? v : null);
    return {
      ...empty,
      token,
      refreshToken: typeof parsed.refreshToken === 'string' ? parsed.refreshToken : '',
      claims: token ? decodeClaims(token) : null,
      expiry: num(parsed.expiry),
      autoLogout: num(parsed.autoLogout),
      redirectPage: typeof parsed.redirectPage === 'string' ? parsed.redirectPage : null,
      qcmc: typeof parsed.qcmc === 'string' ? parsed.qcmc : null,
      applicationInProgress:
        typeof parsed.applicationInProgress === 'string' ? parsed.applicationInProgress : null,
    };
  } catch {
    return { ...empty };
  }
}

/** Who a token is for: a user of an account, and the staff member impersonating them (another caller). */
export function callerOf(claims: SessionClaims | null): string {
  if (!claims) return '';
  return [claims.sub ?? '', claims.cid ?? '', claims.uid ?? '', claims.imp ?? ''].join('|');
}

export const sessionStore = createSessionStore();
