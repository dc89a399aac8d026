import type { ApplicationActor } from '@credence/domain';
import type { Principal } from '../../../common/auth/principal';

/** Who the caller is to an application: staff, an individual (its applicant) or an organisation (its owner). */
export function applicationActorOf(p: Principal): ApplicationActor {
  if (p.qcAdmin) return { kind: 'staff', username: p.username };
  return p.isIndividual ? { kind: 'applicant', companyId: p.companyId, username: p.username } : { kind: 'owner', companyId: p.companyId, username: p.username };
}
