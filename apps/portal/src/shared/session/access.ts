import { STAFF_DOMAIN } from '@/shared/config';
import type { SessionClaims } from '@/shared/session/claims';

/** Rules of spec 6 that the shell and the guard need, read from the token's claims. */

export function isStaff(claims: SessionClaims): boolean {
  return (claims.sub ?? '').toLowerCase().endsWith(STAFF_DOMAIN);
}

export function isAdmin(claims: SessionClaims): boolean {
  return (claims.authorities ?? []).some((a) => a.authority === 'ROLE_ADMIN');
}

/** Institutes (paymentType INSTITUTE) and parent accounts (paymentType ending _PARENT) resolve pendings. */
export function isInstituteLike(claims: SessionClaims): boolean {
  const paymentType = claims.paymentType ?? '';
  return paymentType === 'INSTITUTE' || paymentType.endsWith('_PARENT');
}

/** Token payment types begin INSTITUTE or TOKEN (spec 3.1). */
export function usesTokens(claims: SessionClaims): boolean {
  const paymentType = claims.paymentType ?? '';
  return paymentType.startsWith('INSTITUTE') || paymentType.startsWith('TOKEN');
}

const STAFF_TYPES = ['edu', 'emp', 'pli', 'pce', 'idc', 'hsc', 'elc', 'arf'];
const INDIVIDUAL_TYPES = ['edu', 'pli', 'pce', 'hsc'];
const DEFAULT_TYPES = ['edu', 'emp', 'pli', 'pce', 'hsc'];

/** Spec 6.4: the token's allowedTypes overrides the defaults per account kind. */
export function allowedTypes(claims: SessionClaims): string[] {
  const fromToken = parseTypes(claims.allowedTypes);
  if (fromToken) return fromToken;
  if (isStaff(claims)) return STAFF_TYPES;
  if (claims.isIndividual) return INDIVIDUAL_TYPES;
  return DEFAULT_TYPES;
}

function parseTypes(value: SessionClaims['allowedTypes']): string[] | null {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(String) : null;
  } catch {
    return null;
  }
}

/** Spec 2.1, route '/': individuals start at the wallet, institutes and parents at the dashboard, others at home. */
export function homePath(claims: SessionClaims): string {
  if (claims.isIndividual) return '/wallet';
  if (isInstituteLike(claims)) return '/dashboard';
  return '/home';
}
