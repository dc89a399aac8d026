import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal';

/**
 * GET /institute/{id}?applicationId=: inside an application, the application decides whether the applicant pays
 * (applicantPays false hides prices, verifications.md 6). The applications module provides this port; for an
 * application the caller may not see, the caller's own account decides.
 */
export interface ApplicationPrices {
  applicantPays: boolean;
  /** The application's pricingScheme (money 2.6), if any, and the position the next verification would take. */
  pricingScheme: Record<string, number[]> | null;
  nextPosition: number;
}

export interface ApplicationPricing {
  /** The application as its applicant may see it, or null when it does not exist for this caller. */
  find(applicationId: string, caller: Principal): Promise<ApplicationPrices | null>;
}

export const APPLICATION_PRICING = Symbol('APPLICATION_PRICING');

@Injectable()
export class ApplicationPricingLookup {
  constructor(@Optional() @Inject(APPLICATION_PRICING) private readonly port?: ApplicationPricing) {}

  async find(applicationId: string, caller: Principal): Promise<ApplicationPrices | null> {
    return this.port ? this.port.find(applicationId, caller) : null;
  }
}
