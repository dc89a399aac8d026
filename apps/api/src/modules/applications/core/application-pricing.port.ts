import { applicationDecider, applicationStream, applicationVisibleTo } from '@credence/domain';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal';
import type { ApplicationPrices, ApplicationPricing } from '../../catalogue';
import { applicationActorOf } from './application-actor';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';

/**
 * GET /institute/{id}?applicationId=: inside an application its applicantPays decides whether prices show
 * (verifications.md 6). Only the application's applicant, its organisation and staff learn anything of it.
 */
@Injectable()
export class ApplicationPricingFromApplications implements ApplicationPricing {
  constructor(private readonly commands: CommandHandling) {}

  async find(applicationId: string, caller: Principal): Promise<ApplicationPrices | null> {
    const { state } = await this.commands.load(applicationStream(applicationId), applicationDecider);
    if (!state.exists) return null;
    if (!applicationVisibleTo(state, applicationActorOf(caller))) return null;
    return { applicantPays: state.template.applicantPays, pricingScheme: state.template.pricingScheme, nextPosition: state.verificationIds.length };
  }
}
