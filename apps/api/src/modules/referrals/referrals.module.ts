import { Global, Module, OnModuleInit } from '@nestjs/common';
import { SeedRegistry } from '../../infrastructure/seeding/seed.registry';
import { IdentityModule } from '../identity/identity.module';
import { ReferralsController } from './http/referrals.controller';
import { REFERRAL_READERS } from '../verifications';
import { ReferralReadersFromReadModel } from './queries/referral-readers';
import { ReferralQuery } from './queries/referral.query';
import { DemoReferralsSeeder } from './seed/demo-referrals.seeder';

/**
 * Referrals (verifications.md 2.14, 3, 7): the organisations registered after a referral from the caller's
 * organisation, and the verifications they requested with their prices, from the referral read model (fed by
 * AccountRegistered and the verification events) joined with the verification list read model. A referrer may
 * open those verifications read only (REFERRAL_READERS).
 */
@Global()
@Module({
  imports: [IdentityModule],
  controllers: [ReferralsController],
  providers: [ReferralQuery, DemoReferralsSeeder, { provide: REFERRAL_READERS, useClass: ReferralReadersFromReadModel }],
  // Global for the verifications' REFERRAL_READERS port, as the applications module is for its ports.
  exports: [REFERRAL_READERS],
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
