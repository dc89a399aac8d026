import { applicationVisibleTo } from '@credence/domain';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal';
import type { ApplicationPrices, ApplicationPricing } from '../../catalogue/pricing/application-pricing';
import { ApplicationStore } from './application-store';

/**
 * GET /institute/{id}?applicationId=: inside an application its applicantPays decides whether prices show
 * (verifications.md 6). Only the application's applicant, its organisation and staff learn anything of it.
 */
@Injectable()
export class ApplicationPricingFromApplications implements ApplicationPricing {
  constructor(private readonly store: ApplicationStore) {}

  async find(applicationId: string, caller: Principal): Promise<ApplicationPrices | null> {
    const { state } = await this.store.load(applicationId);
    if (!state.exists) return null;
    const actor = caller.qcAdmin
      ? ({ kind: 'staff', username: caller.username } as const)
      : caller.isIndividual
        ? ({ kind: 'applicant', companyId: caller.companyId, username: caller.username } as const)
        : ({ kind: 'owner', companyId: caller.companyId, username: caller.username } as const);
    if (!applicationVisibleTo(state, actor)) return null;
    return { applicantPays: state.template.applicantPays, pricingScheme: state.template.pricingScheme, nextPosition: state.verificationIds.length };
  }
}
