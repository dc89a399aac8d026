import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal';

/**
 * GET /institute/{id}?applicationId=: inside an application, the application decides whether the applicant pays
 * (applicantPays false hides prices, verifications.md 6). The applications module provides this port; for an
 * application the caller may not see, the caller's own account decides.
 */
export interface ApplicationPricing {
  /** The application as its applicant may see it, or null when it does not exist for this caller. */
  find(applicationId: string, caller: Principal): Promise<{ applicantPays: boolean } | null>;
}

export const APPLICATION_PRICING = Symbol('APPLICATION_PRICING');

@Injectable()
export class ApplicationPricingLookup {
  constructor(@Optional() @Inject(APPLICATION_PRICING) private readonly port?: ApplicationPricing) {}

  async find(applicationId: string, caller: Principal): Promise<{ applicantPays: boolean } | null> {
    return this.port ? this.port.find(applicationId, caller) : null;
  }
}
