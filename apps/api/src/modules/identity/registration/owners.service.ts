import { Injectable } from '@nestjs/common';
import { DomainError } from '@credence/domain';
import { AccountsRepository } from '../persistence/accounts.repository';

export interface ApplicationOwner {
  id: string;
  name: string;
  logo: string | null;
  partnerLogo: string | null;
  status: string;
  statusDescription: string | null;
  referenceLabel: string | null;
  template: number;
  applicantPays: boolean;
}

const OWNER_COLUMNS = `id, name, logo, partner_logo AS "partnerLogo", status, status_description AS "statusDescription",
  reference_label AS "referenceLabel", template, applicant_pays AS "applicantPays"`;

/** Application template owners and referral owners (access.md 3.8): public look-ups for the registration pages. */
@Injectable()
export class OwnersService {
  constructor(private readonly accounts: AccountsRepository) {}

  async applicationOwner(idOrSubdomain: string): Promise<ApplicationOwner> {
    const { rows } = await this.accounts.pool.query<ApplicationOwner>(
      `SELECT ${OWNER_COLUMNS} FROM application_owners WHERE id = $1 OR subdomain = lower($1) LIMIT 1`,
      [idOrSubdomain],
    );
    if (!rows[0]) throw new DomainError('not-found', 'Organisation not found!');
    return rows[0];
  }

  async ownerOfCompany(companyId: string): Promise<ApplicationOwner | null> {
    const { rows } = await this.accounts.pool.query<ApplicationOwner>(
      `SELECT ${OWNER_COLUMNS} FROM application_owners WHERE company_id = $1 ORDER BY id LIMIT 1`,
      [companyId],
    );
    return rows[0] ?? null;
  }

  async referralOwner(code: string): Promise<{ id: string; logo: string | null; partnerLogo: string | null }> {
    const { rows } = await this.accounts.pool.query<{ id: string; logo: string | null; partnerLogo: string | null }>(
      `SELECT code AS id, logo, partner_logo AS "partnerLogo" FROM referral_owners WHERE code = $1`,
      [code],
    );
    if (!rows[0]) throw new DomainError('not-found', 'Organisation not found!');
    return rows[0];
  }
}
