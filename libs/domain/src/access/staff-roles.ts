/**
 * Staff roles. Staff are the accounts on the staff domain (isStaffUsername); among them an auditor replays
 * verifications to any instant, exports their history and checks it, and changes nothing. Which staff account is an
 * auditor is part of its username, like staff itself is: the local part `auditor`, or beginning `auditor.`,
 * `auditor-` or `auditor+` (auditor@credence.test, auditor.jones@credence.test).
 */
export type StaffRole = 'administrator' | 'auditor';

/** The session token's authority of an auditor (administrators carry ROLE_QC_ADMIN). */
export const ROLE_AUDITOR = 'ROLE_AUDITOR';

export function staffRole(username: string, staffDomain: string): StaffRole | null {
  const name = username.trim().toLowerCase();
  const domain = `@${staffDomain.toLowerCase()}`;
  if (!name.endsWith(domain)) return null;
  const local = name.slice(0, -domain.length);
  return /^auditor([.+-].*)?$/.test(local) ? 'auditor' : 'administrator';
}

/** What each staff role may do; the API enforces it and the access matrix test reads it. */
export const STAFF_ACCESS = {
  administrator: { replay: true, export: true, verify: true, act: true },
  auditor: { replay: true, export: true, verify: true, act: false },
} as const satisfies Record<StaffRole, { replay: boolean; export: boolean; verify: boolean; act: boolean }>;

/** Replay, export and verify a verification's history: staff administrators and auditors; nobody else. */
export const mayAudit = (account: { qcAdmin: boolean; auditor?: boolean }) => account.qcAdmin || account.auditor === true;
