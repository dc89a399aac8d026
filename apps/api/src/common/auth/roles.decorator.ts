import { SetMetadata } from '@nestjs/common';

export const REQUIRED_ROLE = 'credence:requiredRole';
export type RequiredRole = 'staff' | 'team-admin';
export const AUDITORS_MAY_READ = 'credence:auditorsMayRead';

/** Staff administrators only (the admin API and staff commands). Others get 403. */
export const StaffOnly = () => SetMetadata(REQUIRED_ROLE, 'staff' satisfies RequiredRole);
/** Team admins of the caller's company (or staff). Others get 403. */
export const TeamAdminOnly = () => SetMetadata(REQUIRED_ROLE, 'team-admin' satisfies RequiredRole);
/**
 * On a @StaffOnly() read (GET): staff auditors may call it too (issue 24: the verifications an auditor replays, the
 * list and the record they pick them from). Named route by route, so the rest of the admin API stays closed to them.
 */
export const AuditorsMayRead = () => SetMetadata(AUDITORS_MAY_READ, true);

/** What an auditor is told when they try to change anything (the guard and the read-only interceptor). */
export const AUDITOR_READ_ONLY = 'Auditors can replay, export and verify; they cannot change anything.';
