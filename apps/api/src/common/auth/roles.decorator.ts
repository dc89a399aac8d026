import { SetMetadata } from '@nestjs/common';

export const REQUIRED_ROLE = 'credence:requiredRole';
export type RequiredRole = 'staff' | 'team-admin';

/** Staff administrators only (the admin API and staff commands). Others get 403. */
export const StaffOnly = () => SetMetadata(REQUIRED_ROLE, 'staff' satisfies RequiredRole);
/** Team admins of the caller's company (or staff). Others get 403. */
export const TeamAdminOnly = () => SetMetadata(REQUIRED_ROLE, 'team-admin' satisfies RequiredRole);
