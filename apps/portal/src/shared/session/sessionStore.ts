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
  /** Spec 3.1: the counters behind the sidebar's visibility and badges. */
  counters: Counters;
  /** Spec 3.1: the current credit, when known (the drop-down shows a balance only then). */
  currentCredit: number | null;
}

export interface Counters {
  openApplications: number;
  verificationsInProgress: number;
  verificationsActionRequired: number;
  unseenInvoices: number;
  outstandingPendings: number;
}

const noCounters: Counters = {
  openApplications: 0,
  verificationsInProgress: 0,
  verificationsActionRequired: 0,
  unseenInvoices: 0,
  outstandingPendings: 0,
};

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
  counters: noCounters,
  currentCredit: null,
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
      set({
        ...state,
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
    /** The screens that know a counter (open applications at login, the history lists, ...) report it here. */
    setCounters(counters: Partial<Counters>) {
      const next = { ...state.counters, ...counters };
      const same = (Object.keys(next) as (keyof Counters)[]).every((k) => next[k] === state.counters[k]);
      if (!same) set({ ...state, counters: next });
    },
    setCurrentCredit(credit: number | null) {
      if (credit !== state.currentCredit) set({ ...state, currentCredit: credit });
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
  const { token, refreshToken, expiry, autoLogout, redirectPage, qcmc, counters, currentCredit } = state;
  try {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        token,
        refreshToken,
        expiry,
        autoLogout,
        redirectPage,
        qcmc,
        counters,
        currentCredit,
      }),
    );
  } catch {
    // Private browsing can refuse storage; the session then lasts as long as the tab.
  }
}

function wipeStorage() {
  try {
    Object.keys(localStorage)
      .filter((key) => key.startsWith(STORAGE_PREFIX))
      .forEach((key) => localStorage.removeItem(key));
  } catch {
    // nothing stored
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
      counters: { ...noCounters, ...(typeof parsed.counters === 'object' ? parsed.counters : {}) },
      currentCredit: num(parsed.currentCredit),
    };
  } catch {
    return { ...empty };
  }
}

export const sessionStore = createSessionStore();
