import type { Principal } from '../../../common/auth/principal';
import type { AuditActor } from '../../../infrastructure/audit/audit.service';

/**
 * Who an admin write is recorded against: the staff member, on the audit stream of the company the change is
 * about (a customer's toggles land in `audit-<customer>`), or the staff's own company for service-wide content
 * such as notices.
 */
export const staffActor = (staff: Principal, companyId: string = staff.companyId): AuditActor => ({
  actor: staff.username,
  impersonator: staff.impersonator,
  companyId,
});
