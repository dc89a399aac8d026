import type { TokenClaims } from '@/auth/claims';
import { consoleRole } from '@/auth/permissions';

/**
 * Who may use the console: staff administrators (ROLE_QC_ADMIN) and staff auditors (ROLE_AUDITOR, read-only: see
 * permissions.ts); the API grants both to staff-domain accounts only, from the role stored on the user. ROLE_ADMIN
 * is a customer's team admin (access.md 6.1) and does not open the console. The API's /admin routes check the same
 * roles themselves.
 */
export function isStaff(_username: string, claims: TokenClaims): boolean {
  return consoleRole(claims) !== null;
}
