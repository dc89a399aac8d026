import { type MemberVerification, type VerificationState } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { VERIFICATION_DETAIL_TABLE } from '../../verifications/projections/verification-tables';

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** What an application needs to know of one verification, from the verification's state. */
export function memberOf(s: VerificationState): MemberVerification {
  const data = s.thirdPartyData ?? {};
  return {
    id: s.id,
    result: s.result ?? 'AWAITING_CONSENT',
    type: s.type,
    instituteName: s.institute?.name ?? '',
    person: { firstname: s.person.firstname, surname: s.person.surname, dob: s.person.dob },
    confirmed:
      s.type === 'IDENTITY' && s.thirdPartyData
        ? { firstname: text(data.firstName), surname: text(data.lastName), dob: text(data.dateOfBirth) }
        : null,
  };
}

/** The verifications of an application, as the verification detail read model has them now. */
@Injectable()
export class ApplicationMembers {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async states(ids: readonly string[]): Promise<VerificationState[]> {
    if (!ids.length) return [];
    const { rows } = await this.pool.query<{ state: VerificationState }>(
      `SELECT "state" FROM "${VERIFICATION_DETAIL_TABLE}" WHERE "id" = ANY($1)`,
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.state.id, r.state]));
    return ids.map((id) => byId.get(id)).filter((s): s is VerificationState => !!s);
  }

  async of(ids: readonly string[]): Promise<MemberVerification[]> {
    return (await this.states(ids)).map(memberOf);
  }
}
