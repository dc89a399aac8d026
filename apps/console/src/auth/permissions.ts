import type { TokenClaims } from '@/auth/claims';

/** The staff roles the console knows, from the session token's authorities (the API decides the same way). */
export type ConsoleRole = 'administrator' | 'auditor';

export function consoleRole(claims: TokenClaims | null): ConsoleRole | null {
  const roles = new Set((claims?.authorities ?? []).map((a) => a.authority));
  if (roles.has('ROLE_QC_ADMIN')) return 'administrator';
  if (roles.has('ROLE_AUDITOR')) return 'auditor';
  return null;
}

/**
 * What an auditor may open (issue 24): the verifications they replay, listed and shown (the record, its timeline and
 * the Replay panel with Verify history and Export bundle). Nothing else, and no action: no create, edit or delete.
 * The API refuses every other admin route to them (403) whatever the console shows.
 */
export const AUDITOR_ACCESS: Readonly<Record<string, readonly string[]>> = {
  verifications: ['list', 'show'],
};

/** react-admin's canAccess: administrators everything, auditors AUDITOR_ACCESS, anyone else nothing. */
export function mayAccess(role: ConsoleRole | null, { resource, action }: { resource: string; action: string }): boolean {
  if (role === 'administrator') return true;
  if (role === 'auditor') return AUDITOR_ACCESS[resource]?.includes(action) ?? false;
  return false;
}
