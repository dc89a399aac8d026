import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import type { ReferralReaders } from '../../verifications';
import { REFERRAL_TABLE } from '../referral-tables';

/**
 * The verifications' REFERRAL_READERS port: an organisation may read a verification its referral history lists
 * (verifications.md 2.14: the row opens /verification/history/{id}), that is one requested by an organisation that
 * registered through one of its referral codes. From the referral read model, the same rows the history shows.
 */
@Injectable()
export class ReferralReadersFromReadModel implements ReferralReaders {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async referrerCanRead(companyId: string, verificationId: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `SELECT 1 FROM ${REFERRAL_TABLE} r JOIN referral_owners o ON o.code = r."referralCode"
        WHERE o.company_id = $1 AND r.kind = 'VERIFICATION' AND r."verificationId" = $2 LIMIT 1`,
      [companyId, verificationId],
    );
    return (rowCount ?? 0) > 0;
  }
}
