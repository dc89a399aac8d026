import { Injectable } from '@nestjs/common';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { AccountsRepository } from '../../identity';

/** Acme's referral code (identity's demo accounts) and the demo organisation that registered with it. */
export const DEMO_REFERRAL_CODE = 'ACME-REF';
export const DEMO_REFERRED_COMPANY = { id: 'globex', name: 'Globex Corp', admin: 'carol@globex.test' };

/**
 * The demo's referral (verifications.md 2.14): Globex registered through Acme's referral link. Runs after the demo
 * accounts and before the demo verifications, so Globex's verifications reach alice's referral history through
 * the read model, as a referred organisation's real registration and orders would.
 */
@Injectable()
export class DemoReferralsSeeder {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly audit: AuditService,
  ) {}

  async run(): Promise<void> {
    const { id, name, admin } = DEMO_REFERRED_COMPANY;
    const user = await this.accounts.userByUsername(admin);
    if (!user) return;
    await this.accounts.pool.query(`UPDATE companies SET referred_by = $2 WHERE id = $1`, [id, DEMO_REFERRAL_CODE]);
    await this.audit.record(
      'AccountRegistered',
      { userId: user.id, companyId: id, individual: false, referralCode: DEMO_REFERRAL_CODE, companyName: name, organisationType: 'C' },
      { actor: admin, companyId: id },
    );
  }
}
