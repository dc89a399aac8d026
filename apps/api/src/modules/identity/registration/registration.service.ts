import { Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { DomainError } from '@credence/domain';
import type { PoolClient } from 'pg';
import type { Principal } from '../../../common/auth/principal';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { MailService } from '../../../infrastructure/mail/mail.service';
import { AccountsRepository, type CompanyRow } from '../persistence/accounts.repository';
import { PasswordService } from '../sessions/password.service';
import { hashPassword } from '../sessions/passwords';
import { sha256 } from '../sessions/session.service';
import { ApplicantRegistrations, type ApplicantRegistered } from './applicant-registrations';
import { OwnersService } from './owners.service';

const TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const REGISTRATION_LINK_INVALID = 'This registration link is invalid or has expired.';

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

interface TokenRow {
  email: string;
  firstname: string;
  lastname: string;
  phone: string | null;
  company_name: string | null;
  job_title: string | null;
  volume_checks: string | null;
  individual: boolean;
  company_id: string | null;
  application_owner_id: string | null;
  referral_owner_id: string | null;
  application_ref: string | null;
}

/** access.md 4.2: start (token + e-mail), read the token, complete (password, company), and applicant invitations. */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly owners: OwnersService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly applicants: ApplicantRegistrations,
  ) {}

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
    const token = await this.createToken({
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

  async createToken(row: TokenRow, db: { query: PoolClient['query'] } = this.accounts.pool): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await db.query(
      `INSERT INTO registration_tokens (token_hash, email, firstname, lastname, phone, company_name, job_title, volume_checks,
         individual, company_id, application_owner_id, referral_owner_id, application_ref, expires_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)`,
      [
        sha256(token), row.email, row.firstname, row.lastname, row.phone, row.company_name, row.job_title, row.volume_checks,
        row.individual, row.company_id, row.application_owner_id, row.referral_owner_id, row.application_ref,
        new Date(Date.now() + TOKEN_TTL_MS),
      ],
    );
    return token;
  }

  private async tokenRow(token: string, db: { query: PoolClient['query'] } = this.accounts.pool, lock = false): Promise<TokenRow> {
    const { rows } = await db.query<TokenRow>(
      `SELECT * FROM registration_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()${lock ? ' FOR UPDATE' : ''}`,
      [sha256(token)],
    );
    if (!rows[0]) throw new DomainError('not-found', REGISTRATION_LINK_INVALID);
    return rows[0];
  }

  /** The registration token as read by the complete form (3.7). */
  async read(token: string) {
    const row = await this.tokenRow(token);
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
      const row = await this.tokenRow(token, client, true);
      await client.query(`UPDATE registration_tokens SET used_at = now() WHERE token_hash = $1`, [sha256(token)]);
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

      const company = await this.companyFor(row, input, client);
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

  private async companyFor(row: TokenRow, input: CompleteRegistration, client: PoolClient): Promise<Pick<CompanyRow, 'id'>> {
    const c = input.company ?? {};
    const countryId = c.addressCountry?.id?.toString().toUpperCase();
    if (!countryId) throw new DomainError('invalid', 'Country is required.');
    const country = await this.country(countryId, client);
    if (!country) throw new DomainError('invalid', 'Please choose a country from the list.');
    const vatId = c.vatId?.trim() || null;
    // VAT: GB always pays it; other VAT countries pay it unless a VAT number is given (the form's note, 5.2).
    const vatPayer = country.vat && (country.id === 'GB' || !vatId);
    const currency = country.id === 'US' ? 'USD' : country.id === 'AU' ? 'AUD' : country.vat && country.id !== 'GB' ? 'EUR' : 'GBP';
    const owner = row.application_owner_id ? await this.owners.applicationOwner(row.application_owner_id).catch(() => null) : null;
    const id = randomUUID();
    if (row.individual) {
      await this.accounts.insertCompany({
        id,
        name: `${row.firstname} ${row.lastname}`,
        individual: true,
        paymentType: 'CARD',
        currency,
        vatPayer,
        countryId: country.id,
        industryId: -1,
        applicantPays: owner ? owner.applicantPays : false,
        ownerLogo: owner?.logo ?? null,
        partnerLogo: owner?.partnerLogo ?? null,
      }, client);
      return { id };
    }
    const name = (c.name ?? row.company_name ?? '').trim();
    if (!name) throw new DomainError('invalid', 'Organisation name is required.');
    const industryId = Number(c.industry?.id);
    if (!Number.isInteger(industryId) || industryId < 0) throw new DomainError('invalid', 'Industry is required.');
    const volumeChecks = input.volumeChecks ?? row.volume_checks;
    if (volumeChecks !== '0-199' && volumeChecks !== '200+') throw new DomainError('invalid', 'Annual estimated volume is required.');
    await this.accounts.insertCompany({
      id,
      name,
      individual: false,
      paymentType: 'CARD',
      currency,
      vatPayer,
      addressStreet1: c.addressStreet1 ?? null,
      addressStreet2: c.addressStreet2 ?? null,
      addressStreet3: c.addressStreet3 ?? null,
      addressCity: c.addressCity ?? null,
      addressPostCode: c.addressPostCode ?? null,
      countryId: country.id,
      industryId,
      vatId,
      volumeChecks,
    }, client);
    if (row.referral_owner_id) await client.query(`UPDATE companies SET referred_by = $2 WHERE id = $1`, [id, row.referral_owner_id]);
    return { id };
  }

  private async country(id: string, client: PoolClient): Promise<{ id: string; vat: boolean } | null> {
    const { rows } = await client.query<{ id: string; vat: boolean }>(`SELECT id, vat FROM catalogue_country WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

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
    const token = await this.createToken({
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
