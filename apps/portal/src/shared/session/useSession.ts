import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionState } from '@/shared/session/sessionStore';

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState);
}
