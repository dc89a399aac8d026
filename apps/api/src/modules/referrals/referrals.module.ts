import { Module, OnModuleInit } from '@nestjs/common';
import { SeedRegistry } from '../../infrastructure/seeding/seed.registry';
import { IdentityModule } from '../identity/identity.module';
import { ReferralsController } from './http/referrals.controller';
import { ReferralQuery } from './queries/referral.query';
import { DemoReferralsSeeder } from './seed/demo-referrals.seeder';

/**
 * Referrals (verifications.md 2.14, 3, 7): the organisations registered after a referral from the caller's
 * organisation, and the verifications they requested with their prices, from the referral read model (fed by
 * AccountRegistered and the verification events) joined with the verification list read model.
 */
@Module({
  imports: [IdentityModule],
  controllers: [ReferralsController],
  providers: [ReferralQuery, DemoReferralsSeeder],
})
export class ReferralsModule implements OnModuleInit {
  constructor(
    private readonly seeds: SeedRegistry,
    private readonly demo: DemoReferralsSeeder,
  ) {}

  onModuleInit() {
    this.seeds.register({ name: 'referrals.demo', order: 30, demo: true, run: () => this.demo.run() });
  }
}
