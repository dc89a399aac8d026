import type { Principal } from '../../../common/auth/principal';
import type { Actor } from '../audit/catalogue-audit';

/** The staff member an admin catalogue write is audited under. */
export const actorOf = (p: Principal): Actor => ({
  username: p.username,
  impersonator: p.impersonator,
  companyId: p.companyId,
});
