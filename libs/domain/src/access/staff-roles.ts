/**
 * Staff roles. Staff are the accounts on the staff domain (isStaffUsername); among them an auditor replays
 * verifications to any instant, exports their history and checks it, and changes nothing. The role is stored on the
 * user (users.staff_role, granted and revoked by staff administrators); a staff account without one is an
 * administrator, and a role stored on a customer's account makes nothing of it.
 */
export type StaffRole = 'administrator' | 'auditor';

export const STAFF_ROLES: readonly StaffRole[] = ['administrator', 'auditor'];

export const isStaffRole = (value: unknown): value is StaffRole => value === 'administrator' || value === 'auditor';

/** The session token's authority of an auditor (administrators carry ROLE_QC_ADMIN). */
export const ROLE_AUDITOR = 'ROLE_AUDITOR';

/** The staff role of an account as stored: null for customers, whatever their stored role says. */
export function staffRole(account: { username: string; staffRole?: string | null }, staffDomain: string): StaffRole | null {
  const name = account.username.trim().toLowerCase();
  if (!name.endsWith(`@${staffDomain.toLowerCase()}`)) return null;
  return account.staffRole === 'auditor' ? 'auditor' : 'administrator';
}

/** What each staff role may do; the API enforces it and the access matrix test reads it. */
export const STAFF_ACCESS = {
  administrator: { replay: true, export: true, verify: true, act: true },
  auditor: { replay: true, export: true, verify: true, act: false },
} as const satisfies Record<StaffRole, { replay: boolean; export: boolean; verify: boolean; act: boolean }>;

/** Replay, export and verify a verification's history: staff administrators and auditors; nobody else. */
export const mayAudit = (account: { qcAdmin: boolean; auditor?: boolean }) => account.qcAdmin || account.auditor === true;
