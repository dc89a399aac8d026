import { isInstituteOrParent, type Actor } from '@credence/domain';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal';
import { AccountsRepository, type CompanyRow } from '../../identity';

export type CustomerActor = Extract<Actor, { kind: 'customer' }>;
export type InstituteActor = Extract<Actor, { kind: 'institute' }>;

/** Who the caller is to the verification aggregate, from the session and the company's current settings. */
@Injectable()
export class Actors {
  constructor(readonly accounts: AccountsRepository) {}

  async company(principal: Principal): Promise<CompanyRow> {
    const company = await this.accounts.company(principal.companyId);
    if (!company) throw new Error(`company ${principal.companyId} of ${principal.username} does not exist`);
    return company;
  }

  /** Restricted User View: users see their own verifications, admins all (access.md 6.3). */
  customer(principal: Principal, company: Pick<CompanyRow, 'restrictedUserView'>): CustomerActor {
    return {
      kind: 'customer',
      companyId: principal.companyId,
      username: principal.username,
      seesAll: principal.admin || !company.restrictedUserView,
    };
  }

  /** The caller as a customer, by the company's current settings. */
  async customerOf(principal: Principal): Promise<CustomerActor> {
    return this.customer(principal, await this.company(principal));
  }

  /** Institute and parent accounts resolve for their institute (and, for parents, its children). */
  institute(principal: Principal, company: Pick<CompanyRow, 'instituteId' | 'paymentType'>): InstituteActor | null {
    if (!isInstituteOrParent(company.paymentType)) return null;
    return {
      kind: 'institute',
      companyId: principal.companyId,
      username: principal.username,
      instituteIds: company.instituteId ? [company.instituteId] : [],
    };
  }

  /** The resolver behind a pending/resolved route: staff, or an institute/parent account; others have none. */
  async resolver(principal: Principal): Promise<{ actor: Actor; company: CompanyRow } | null> {
    const company = await this.company(principal);
    if (principal.qcAdmin) return { actor: { kind: 'staff', username: principal.username }, company };
    const actor = this.institute(principal, company);
    return actor ? { actor, company } : null;
  }
}
