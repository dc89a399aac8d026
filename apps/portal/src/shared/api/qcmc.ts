import type { Query } from '@/shared/api/client';
import { sessionStore } from '@/shared/session/sessionStore';

/** Spec 2.4: the stored marketing code rides along on the login, register and forgot-password calls. */
export function withQcmc(query: Query = {}): Query {
  const { qcmc } = sessionStore.getState();
  return qcmc ? { ...query, qcmc } : query;
}
