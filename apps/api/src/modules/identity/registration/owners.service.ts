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

/** The application template of an owner: what an application to it asks for (verifications.md 2.13, 3). */
export interface OwnerTemplate {
  id: string;
  companyId: string;
  name: string;
  logo: string | null;
  template: number;
  applicantPays: boolean;
  description: string | null;
  allowedTypes: { key: string; min: number; max: number }[] | null;
  lockedInstitutes: string[];
  pricingScheme: Record<string, number[]> | null;
  fields: {
    key: string;
    name: string;
    description?: string | null;
    mask?: string | null;
    type?: string;
    refData?: string | null;
    values?: string[] | null;
    required?: boolean;
    filter?: boolean;
  }[];
  documentRequirements: { id: string; name: string; required?: boolean }[];
}

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

  /** The owner's whole template (null for an unknown owner). */
  async template(ownerId: string): Promise<OwnerTemplate | null> {
    return this.templateWhere('id = $1', ownerId);
  }

  /** The template of the application page an organisation runs (null when it runs none). */
  async templateOfCompany(companyId: string): Promise<OwnerTemplate | null> {
    return this.templateWhere('company_id = $1', companyId);
  }

  private async templateWhere(condition: string, value: string): Promise<OwnerTemplate | null> {
    const { rows } = await this.accounts.pool.query<OwnerTemplate>(
      `SELECT id, company_id AS "companyId", name, logo, template, applicant_pays AS "applicantPays", description,
              allowed_types AS "allowedTypes", locked_institutes AS "lockedInstitutes", pricing_scheme AS "pricingScheme",
              fields, document_requirements AS "documentRequirements"
         FROM application_owners WHERE ${condition} ORDER BY id LIMIT 1`,
      [value],
    );
    return rows[0] ?? null;
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
