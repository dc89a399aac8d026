import type { TokenClaims } from '@/auth/claims';

/**
 * Who may use the console: staff administrators, whose session token carries ROLE_QC_ADMIN (the API grants it
 * to usernames on the staff domain only). ROLE_ADMIN is a customer's team admin (access.md 6.1) and does not
 * open the console. The API's /admin routes check the same role themselves.
 */
export function isStaff(_username: string, claims: TokenClaims): boolean {
  return (claims.authorities ?? []).some((a) => a.authority === 'ROLE_QC_ADMIN');
}
