import { customerCanSee, instituteCanSee, type VerificationState } from '@credence/domain';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal';
import { Actors } from '../commands/actors';

/** Who may read a verification (view, timeline, documents, certificate): its customer, its resolver, staff. */
@Injectable()
export class VerificationReaders {
  constructor(private readonly actors: Actors) {}

  async readerOf(principal: Principal, state: VerificationState): Promise<'customer' | 'resolver' | 'staff' | null> {
    // Staff auditors read every verification as staff do (issue 24); writes refuse them elsewhere.
    if (principal.qcAdmin || principal.auditor === true) return 'staff';
    const company = await this.actors.company(principal);
    const customer = this.actors.customer(principal, company);
    if (customerCanSee(state, customer) && (state.result !== 'DELETED' || company.showDeleted)) return 'customer';
    const institute = this.actors.institute(principal, company);
    // An institute sees what was sent to it for manual checking, pending or resolved.
    if (institute && instituteCanSee(state, institute) && (state.contact !== null || state.resolvedBy === 'INSTITUTE')) return 'resolver';
    return null;
  }
}
