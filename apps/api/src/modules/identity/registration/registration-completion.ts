import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DomainError } from '@credence/domain';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { AccountsRepository } from '../persistence/accounts.repository';
import { PasswordService } from '../sessions/password.service';
import { hashPassword } from '../sessions/passwords';
import { ApplicantRegistrations, type ApplicantRegistered } from './applicant-registrations';
import { RegistrationCompanies } from './registration-companies';
import { RegistrationTokens } from './registration-tokens';

export interface CompleteRegistration {
  password: string;
  confirmPassword: string;
  marketing?: boolean;
  jobTitle?: string | null;
  volumeChecks?: string | null;
  company?: {
    name?: string;
    addressStreet1?: string | null;
    addressStreet2?: string | null;
    addressStreet3?: string | null;
    addressCity?: string | null;
    addressPostCode?: string | null;
    addressCountry?: { id?: string } | null;
    industry?: { id?: number | string } | null;
    vatId?: string | null;
  } | null;
}

/**
 * access.md 4.2, the complete step: the link is used once, the password set, and either an invited team member
 * joins their company or a new account is made (its company by RegistrationCompanies), in one transaction; an
 * applicant's open application follows (ApplicantRegistrations).
 */
@Injectable()
export class RegistrationCompletion {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly tokens: RegistrationTokens,
    private readonly companies: RegistrationCompanies,
    private readonly audit: AuditService,
    private readonly applicants: ApplicantRegistrations,
  ) {}

  async complete(token: string, input: CompleteRegistration): Promise<{ username: string }> {
    PasswordService.assertNewPassword(input.password, input.confirmPassword);
    const passwordHash = await hashPassword(input.password);
    const registered: { applicant?: ApplicantRegistered } = {};
    const done = await this.accounts.transaction(async (client) => {
      const row = await this.tokens.tokenRow(token, client, true);
      await this.tokens.markUsed(token, client);
      const existing = await this.accounts.userByUsername(row.email, client);
      if (existing && !existing.pending)
        throw new DomainError(
          'conflict',
          'Your username may already be registered, click here to login instead',
        );

      if (existing) {
        // A team member invited by their admin: the company exists, only the password and preferences are set.
        await this.accounts.updateUser(
          existing.id,
          {
            passwordHash,
            pending: false,
            marketing: input.marketing ?? true,
            jobTitle: input.jobTitle ?? existing.jobTitle,
            tcsVersion: 3,
            interuptMessageAck: new Date().toISOString().slice(0, 10),
          },
          client,
        );
        await this.audit.record(
          'TeamMemberJoined',
          { userId: existing.id },
          { actor: existing.username, companyId: existing.companyId },
        );
        return { username: existing.username };
      }

      const company = await this.companies.companyFor(row, input, client);
      const userId = randomUUID();
      await this.accounts.insertUser(
        {
          id: userId,
          username: row.email,
          companyId: company.id,
          firstname: row.firstname,
          lastname: row.lastname,
          phone: row.phone,
          jobTitle: input.jobTitle ?? row.job_title,
          passwordHash,
          admin: !row.individual,
          pending: false,
          applicant: Boolean(row.application_owner_id),
          applicationOwnerId: row.application_owner_id,
          applicationRef: row.application_ref,
          marketing: input.marketing ?? true,
          tcsVersion: 3,
          interuptMessageAck: new Date().toISOString().slice(0, 10),
        },
        client,
      );
      // The referral code and the organisation's name feed the referral read model (verifications.md 2.14).
      const companyName = row.individual
        ? `${row.firstname} ${row.lastname}`
        : (input.company?.name ?? row.company_name ?? '').trim();
      await this.audit.record(
        'AccountRegistered',
        {
          userId,
          companyId: company.id,
          individual: row.individual,
          referralCode: row.individual ? null : row.referral_owner_id,
          companyName,
          organisationType: 'C',
        },
        { actor: row.email, companyId: company.id },
      );
      if (row.application_owner_id) {
        registered.applicant = {
          userId,
          username: row.email,
          companyId: company.id,
          firstname: row.firstname,
          lastname: row.lastname,
          ownerId: row.application_owner_id,
          customerReference: row.application_ref,
        };
      }
      return { username: row.email };
    });
    if (registered.applicant) await this.applicants.registered(registered.applicant);
    return done;
  }
}
