import { decodeClaims, type SessionClaims } from '@/shared/session/claims';

export interface SessionState {
  token: string;
  refreshToken: string;
  claims: SessionClaims | null;
  /** Where to go after login: the page a signed-out visitor asked for (spec 2.2 step 3). */
  redirectPage: string | null;
  /**
   * Why the last session of this page load ended. The guard needs it: after a logout the page the user was on
   * is not the next login's destination; after an expiry it is, and the login screen says the session expired.
   */
  endedBy: SessionEnd | null;
}

export type SessionEnd = 'logout' | 'expiry';

/**
 * Everything the portal keeps in localStorage is under this prefix. The console shares the origin (and so the
 * storage), so the portal's logout clears its own keys, not the staff console's session.
 */
export const STORAGE_PREFIX = 'credence.portal.';
const STORAGE_KEY = `${STORAGE_PREFIX}session`;
const empty: SessionState = { token: '', refreshToken: '', claims: null, redirectPage: null, endedBy: null };

type Listener = () => void;

/**
 * The signed-in user's session, kept in localStorage so a reload keeps the user signed in. A plain store rather
 * than React state because the API client reads the token outside React.
 */
function createSessionStore() {
  let state = load();
  const listeners = new Set<Listener>();

  function set(next: SessionState) {
    state = next;
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
    } catch {
      // Private browsing can refuse storage; the session then lasts as long as the tab.
    }
    listeners.forEach((l) => l());
  }

  return {
    getState: (): SessionState => state,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Stores the tokens of a login or refresh; throws UnreadableTokenError when the token has no readable claims. */
    signIn(token: string, refreshToken: string) {
      set({ ...state, token, refreshToken, claims: decodeClaims(token), endedBy: null });
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
    /** Spec 4.1: logout (or expiry) clears all state and the portal's local storage. */
    signOut(reason: SessionEnd) {
      wipeStorage();
      state = { ...empty, endedBy: reason };
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
    return {
      token,
      refreshToken: typeof parsed.refreshToken === 'string' ? parsed.refreshToken : '',
      claims: token ? decodeClaims(token) : null,
      redirectPage: typeof parsed.redirectPage === 'string' ? parsed.redirectPage : null,
      endedBy: null,
    };
  } catch {
    return { ...empty };
  }
}

export const sessionStore = createSessionStore();
