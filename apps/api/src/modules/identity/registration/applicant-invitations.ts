import { DomainError } from '@credence/domain';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { MailService } from '../../../infrastructure/mail/mail.service';
import { AccountsRepository } from '../persistence/accounts.repository';
import { ApplicantRegistrations } from './applicant-registrations';
import { OwnersService } from './owners.service';
import { RegistrationTokens } from './registration-tokens';

/** POST /register/applicant: an organisation with inviteApplicants invites an applicant (verifications 2.13). */
@Injectable()
export class ApplicantInvitations {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly owners: OwnersService,
    private readonly tokens: RegistrationTokens,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly applicants: ApplicantRegistrations,
  ) {}

  /** An organisation invites an applicant to its application page (inviteApplicants). */
  async inviteApplicant(principal: Principal, input: { email: string; firstname: string; lastname: string; ref?: string | null }) {
    if (!principal.inviteApplicants) throw new DomainError('forbidden', 'Your account cannot invite applicants.');
    const owner = await this.owners.ownerOfCompany(principal.companyId);
    if (!owner) throw new DomainError('unprocessable', 'Your organisation has no application page to invite applicants to.');
    const email = input.email.trim().toLowerCase();
    const existing = await this.accounts.userByUsername(email);
    if (existing && !existing.pending) {
      // Someone with an account already: an individual gets the application at once, and a mail to sign in.
      const company = await this.accounts.company(existing.companyId);
      if (!company?.individual) {
        throw new DomainError('unprocessable', 'This e-mail address belongs to an organisation account: applicants need an individual account.');
      }
      if (!existing.applicant) await this.accounts.updateUser(existing.id, { applicant: true });
      // They keep paying for their own verifications; inside the application its template decides who pays.
      if (!company.applicantPays) await this.accounts.updateCompany(company.id, { applicantPays: true });
      await this.applicants.registered({
        userId: existing.id,
        username: existing.username,
        companyId: existing.companyId,
        firstname: existing.firstname,
        lastname: existing.lastname,
        ownerId: owner.id,
        customerReference: input.ref ?? null,
      });
      await this.mail.send('applicantInvitationExisting', email, { firstname: existing.firstname, company: owner.name, url: this.mail.link('/login') });
      await this.audit.record('ApplicantInvited', { email }, { actor: principal.username, impersonator: principal.impersonator, companyId: principal.companyId });
      return;
    }
    const token = await this.tokens.createToken({
      email,
      firstname: input.firstname.trim(),
      lastname: input.lastname.trim(),
      phone: null,
      company_name: null,
      job_title: null,
      volume_checks: null,
      individual: true,
      company_id: null,
      application_owner_id: owner.id,
      referral_owner_id: null,
      application_ref: input.ref ?? null,
    });
    await this.mail.send('applicantInvitation', email, {
      firstname: input.firstname.trim(),
      company: owner.name,
      url: this.mail.link(`/login/register/${token}?atid=${encodeURIComponent(owner.id)}`),
    });
    await this.audit.record('ApplicantInvited', { email }, { actor: principal.username, impersonator: principal.impersonator, companyId: principal.companyId });
  }
}
