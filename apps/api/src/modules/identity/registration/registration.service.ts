import { Injectable } from '@nestjs/common';
import { DomainError } from '@credence/domain';
import { MailService } from '../../../infrastructure/mail/mail.service';
import { AccountsRepository } from '../persistence/accounts.repository';
import { OwnersService } from './owners.service';
import { RegistrationCompletion, type CompleteRegistration } from './registration-completion';
import { RegistrationTokens, type TokenRow } from './registration-tokens';

export { REGISTRATION_LINK_INVALID } from './registration-tokens';
export type { CompleteRegistration } from './registration-completion';

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

/**
 * access.md 4.2: start (token + e-mail), read the token, complete (RegistrationCompletion).
 * Links: RegistrationTokens; applicant invitations: ApplicantInvitations.
 */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly owners: OwnersService,
    private readonly tokens: RegistrationTokens,
    private readonly mail: MailService,
    private readonly completion: RegistrationCompletion,
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
    await this.mail.send('registration', email, {
      firstname: input.firstname.trim(),
      url: this.mail.link(`/login/register/${token}`),
    });
  }

  /** The registration token as read by the complete form (3.7). */
  async read(token: string) {
    const row = await this.tokens.tokenRow(token);
    const company = row.company_id ? await this.accounts.company(row.company_id) : null;
    const institute = company?.instituteId
      ? ((
          await this.accounts.pool.query<{ name: string }>(
            `SELECT name FROM catalogue_institute WHERE id = $1`,
            [company.instituteId],
          )
        ).rows[0]?.name ?? null)
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
      applicationOwner: row.application_owner_id
        ? await this.owners.applicationOwner(row.application_owner_id).catch(() => null)
        : null,
      referralOwner: row.referral_owner_id
        ? await this.owners.referralOwner(row.referral_owner_id).catch(() => null)
        : null,
      individual: row.individual,
    };
  }

  complete(token: string, input: CompleteRegistration): Promise<{ username: string }> {
    return this.completion.complete(token, input);
  }
}
