import { useMemo } from 'react';
import { accountFactsFromClaims, startRoute, type AccountFacts } from '@credence/domain';
import type { SessionClaims } from '@/shared/session/claims';
import { useSession } from '@/shared/session/useSession';

/** The account facts every access rule of libs/domain decides from, read from the session token's claims. */
export function factsOf(claims: SessionClaims | null | undefined): AccountFacts {
  return accountFactsFromClaims(claims ?? {});
}

/** Spec 2.1, route '/': where an account starts. */
export function homePath(claims: SessionClaims | null | undefined): string {
  return startRoute(factsOf(claims));
}

export function useAccountFacts(): AccountFacts {
  const { claims } = useSession();
  return useMemo(() => factsOf(claims), [claims]);
}

/**
 * The label of the account's own reference (refLabel), or 'Your Reference' (verifications 2.5), the same on every
 * screen of the account's own verifications: the wizard, the history and its filters, the view.
 */
export const ownRefLabel = (claims: { refLabel?: string | null } | null | undefined) => claims?.refLabel || 'Your Reference';
