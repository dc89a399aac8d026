import { useReducer } from 'react';
import { STORAGE_PREFIX } from '@/shared/session/sessionStore';
import { useSession } from '@/shared/session/useSession';

/**
 * The verifications an individual dismissed from their dashboard's 'Qualification verification progress' card
 * (money 2.7: "left out of it if the user dismissed it"; access 3.1: the dismissed ids are held by the client).
 * Kept in this browser per user, ids only, under the portal's storage prefix: so logout wipes them with the rest
 * (access 2.3, 4.1: "Logout clears all state and local storage"), and a dismissal lasts as long as the sign-in.
 */
const keyOf = (user: string) => `${STORAGE_PREFIX}dismissed.${user}`;

function read(user: string | undefined): string[] {
  if (!user) return [];
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyOf(user)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function write(user: string | undefined, ids: string[]) {
  if (!user) return;
  try {
    if (ids.length === 0) localStorage.removeItem(keyOf(user));
    else localStorage.setItem(keyOf(user), JSON.stringify(ids));
  } catch {
    // Private browsing can refuse storage: the dismissal then lasts until the next change.
  }
}

/** The signed-in user's dismissed ids, read from storage on each render (a few ids), and the ways to change them. */
export function useDismissed() {
  const { claims } = useSession();
  const user = claims?.uid ?? claims?.sub;
  const [, changed] = useReducer((n: number) => n + 1, 0);
  const update = (next: (ids: string[]) => string[]) => {
    write(user, next(read(user)));
    changed();
  };
  return {
    dismissed: read(user),
    dismiss: (id: string) => update((list) => (list.includes(id) ? list : [...list, id])),
    restore: (id: string) => update((list) => list.filter((x) => x !== id)),
    restoreAll: () => update(() => []),
  };
}
