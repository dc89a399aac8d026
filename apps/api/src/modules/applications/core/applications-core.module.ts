import { Module } from '@nestjs/common';
import { ApplicationGateway } from './application-gateway';
import { ApplicationMembers } from './application-members';
import { ApplicationReadModels } from './application-stream';
import { ApplicationPricingFromApplications } from './application-pricing.port';
import { APPLICATION_PRICING } from '../../catalogue';

/**
 * The application streams and what the verification lifecycle needs of them. Kept apart from the applications
 * HTTP module, which builds on the verifications module: the verifications module imports this one.
 */
@Module({
  providers: [
    ApplicationReadModels,
    ApplicationMembers,
    ApplicationGateway,
    { provide: APPLICATION_PRICING, useClass: ApplicationPricingFromApplications },
  ],
  exports: [ApplicationReadModels, ApplicationMembers, ApplicationGateway, APPLICATION_PRICING],
})
export class ApplicationsCoreModule {}
