import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DomainError } from '@credence/domain';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { MailService } from '../../../infrastructure/mail/mail.service';
import { AccountsRepository } from '../persistence/accounts.repository';
import { PasswordService } from '../sessions/password.service';
import { hashPassword } from '../sessions/passwords';
import { ApplicantRegistrations, type ApplicantRegistered } from './applicant-registrations';
import { OwnersService } from './owners.service';
import { RegistrationCompanies } from './registration-companies';
import { RegistrationTokens, type TokenRow } from './registration-tokens';

export { REGISTRATION_LINK_INVALID } from './registration-tokens';

export interface StartRegistration {
  firstname: string;
  lastname: string;
  email: string;
  phone?: string | null;
  companyName?: string | null;
  jobTitle?: string | null;
  volumeChecks?: string | null;
  individual: boolean;
  applicationTemplateId?: string | null;
  referralOwnerId?: string | null;
  applicationRef?: string | null;
}

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
 * access.md 4.2: start (token + e-mail), read the token, complete (password; the account by RegistrationCompanies).
 * Links: RegistrationTokens; applicant invitations: ApplicantInvitations.
 */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly owners: OwnersService,
    private readonly tokens: RegistrationTokens,
    private readonly companies: RegistrationCompanies,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly applicants: ApplicantRegistrations,
  ) {}

  /** A registration link (team invitations use it too). */
  createToken(row: TokenRow, db?: Parameters<RegistrationTokens['createToken']>[1]): Promise<string> {
    return this.tokens.createToken(row, db);
  }

  async start(input: StartRegistration): Promise<void> {
    const email = input.email.trim().toLowerCase();
    if (input.applicationTemplateId) {
      const owner = await this.owners.applicationOwner(input.applicationTemplateId);
      if (owner.status === 'CLOSED') throw new DomainError('conflict', 'Applications closed');
    }
    if (input.referralOwnerId) await this.owners.referralOwner(input.referralOwnerId);
    const existing = await this.accounts.userByUsername(email);
    if (existing && !existing.pending) {
      // Same answer as a new registration, so the form does not reveal who has an account; the owner learns by mail.
      await this.mail.send('alreadyRegistered', email, {
        firstname: existing.firstname,
        loginUrl: this.mail.link('/login'),
        resetUrl: this.mail.link('/login/reset'),
      });
      return;
    }
    const token = await this.tokens.createToken({
      email,
      firstname: input.firstname.trim(),
      lastname: input.lastname.trim(),
      phone: input.phone ?? null,
      company_name: input.individual ? null : (input.companyName ?? null),
      job_title: input.individual ? null : (input.jobTitle ?? null),
      volume_checks: input.individual ? null : (input.volumeChecks ?? null),
      individual: input.individual,
      company_id: existing?.companyId ?? null,
      application_owner_id: input.applicationTemplateId ?? null,
      referral_owner_id: input.referralOwnerId ?? null,
      application_ref: input.applicationRef ?? null,
    });
    await this.mail.send('registration', email, { firstname: input.firstname.trim(), url: this.mail.link(`/login/register/${token}`) });
  }

  /** The registration token as read by the complete form (3.7). */
  async read(token: string) {
    const row = await this.tokens.tokenRow(token);
    const company = row.company_id ? await this.accounts.company(row.company_id) : null;
    const institute = company?.instituteId
      ? ((await this.accounts.pool.query<{ name: string }>(`SELECT name FROM catalogue_institute WHERE id = $1`, [company.instituteId])).rows[0]?.name ?? null)
      : null;
    return {
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      companyId: row.company_id,
      companyName: company?.name ?? row.company_name,
      jobTitle: row.job_title,
      volumeChecks: row.volume_checks,
      instituteId: company?.instituteId ?? null,
      instituteName: institute,
      applicationOwner: row.application_owner_id ? await this.owners.applicationOwner(row.application_owner_id).catch(() => null) : null,
      referralOwner: row.referral_owner_id ? await this.owners.referralOwner(row.referral_owner_id).catch(() => null) : null,
      individual: row.individual,
    };
  }

  async complete(token: string, input: CompleteRegistration): Promise<{ username: string }> {
    PasswordService.assertNewPassword(input.password, input.confirmPassword);
    const passwordHash = await hashPassword(input.password);
    const registered: { applicant?: ApplicantRegistered } = {};
    const done = await this.accounts.transaction(async (client) => {
      const row = await this.tokens.tokenRow(token, client, true);
      await this.tokens.markUsed(token, client);
      const existing = await this.accounts.userByUsername(row.email, client);
      if (existing && !existing.pending) throw new DomainError('conflict', 'Your username may already be registered, click here to login instead');

      if (existing) {
        // A team member invited by their admin: the company exists, only the password and preferences are set.
        await this.accounts.updateUser(existing.id, {
          passwordHash,
          pending: false,
          marketing: input.marketing ?? true,
          jobTitle: input.jobTitle ?? existing.jobTitle,
          tcsVersion: 3,
          interuptMessageAck: new Date().toISOString().slice(0, 10),
        }, client);
        await this.audit.record('TeamMemberJoined', { userId: existing.id }, { actor: existing.username, companyId: existing.companyId });
        return { username: existing.username };
      }

      const company = await this.companies.companyFor(row, input, client);
      const userId = randomUUID();
      await this.accounts.insertUser({
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
      }, client);
      // The referral code and the organisation's name feed the referral read model (verifications.md 2.14).
      const companyName = row.individual ? `${row.firstname} ${row.lastname}` : (input.company?.name ?? row.company_name ?? '').trim();
      await this.audit.record(
        'AccountRegistered',
        { userId, companyId: company.id, individual: row.individual, referralCode: row.individual ? null : row.referral_owner_id, companyName, organisationType: 'C' },
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
