import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DomainError } from '@credence/domain';
import type { Principal } from '../../../common/auth/principal';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { MailService } from '../../../infrastructure/mail/mail.service';
import { AccountsRepository, type UserRow } from '../persistence/accounts.repository';
import { RegistrationService } from '../registration/registration.service';

export interface TeamUserInput {
  username: string;
  firstname: string;
  lastname: string;
  phone?: string | null;
  marketing?: boolean;
  notifications?: boolean;
  admin?: boolean;
  customRoles?: string[];
}

/** The team user of 3.5, as listed and edited. */
export const teamUser = (u: UserRow) => ({
  username: u.username,
  firstname: u.firstname,
  lastname: u.lastname,
  phone: u.phone,
  admin: u.admin,
  pending: u.pending,
  customRoles: u.customRoles,
  marketing: u.marketing,
  notifications: u.notifications,
  disabled: u.disabled,
});

/**
 * Team administration (access.md 6.3): any member lists the team; admins add, edit, delete and re-invite. Another
 * company's users do not exist as far as a caller can tell (404).
 */
@Injectable()
export class TeamService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly registration: RegistrationService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
  ) {}

  async list(principal: Principal, options: { query?: string; includePending?: boolean; orderBy?: string }) {
    const company = await this.accounts.company(principal.companyId);
    if (!company || company.individual) return [];
    return (await this.accounts.usersOfCompany(principal.companyId, { includePending: options.includePending ?? true, query: options.query, orderBy: options.orderBy })).map(teamUser);
  }

  /** Adds a pending user and mails the invitation; for a pending user of this team it resends the mail. */
  async add(principal: Principal, input: TeamUserInput): Promise<'added' | 'resent'> {
    const username = input.username.trim().toLowerCase();
    const company = await this.accounts.company(principal.companyId);
    if (!company || company.individual) throw new DomainError('forbidden', 'Individual accounts have no team.');
    this.assertRoles(input.customRoles, company.assignableCustomRoles);
    const existing = await this.accounts.userByUsername(username);
    if (existing && existing.companyId !== principal.companyId) {
      throw new DomainError('conflict', 'A user with this email address already exists.');
    }
    if (existing && !existing.pending && !existing.disabled) {
      throw new DomainError('conflict', 'This user has already completed their registration.');
    }
    if (existing?.disabled) {
      // A deleted team member added again: invited afresh, with the details given now.
      await this.accounts.updateUser(existing.id, {
        disabled: false,
        pending: true,
        firstname: input.firstname.trim(),
        lastname: input.lastname.trim(),
        phone: input.phone ?? null,
        admin: input.admin ?? false,
        customRoles: input.customRoles ?? [],
      });
    }
    const inviter = await this.accounts.userById(principal.userId);
    const result = await this.accounts.transaction(async (client) => {
      let userId = existing?.id;
      if (!existing) {
        userId = randomUUID();
        await this.accounts.insertUser({
          id: userId,
          username,
          companyId: principal.companyId,
          firstname: input.firstname.trim(),
          lastname: input.lastname.trim(),
          phone: input.phone ?? null,
          admin: input.admin ?? false,
          customRoles: input.customRoles ?? [],
          marketing: input.marketing ?? true,
          notifications: input.notifications ?? true,
          pending: true,
        }, client);
      }
      const token = await this.registration.createToken({
        email: username,
        firstname: existing?.firstname ?? input.firstname.trim(),
        lastname: existing?.lastname ?? input.lastname.trim(),
        phone: input.phone ?? null,
        company_name: company.name,
        job_title: null,
        volume_checks: null,
        individual: false,
        company_id: principal.companyId,
        application_owner_id: null,
        referral_owner_id: null,
        application_ref: null,
      }, client);
      await this.mail.send('teamInvitation', username, {
        firstname: existing?.firstname ?? input.firstname.trim(),
        inviter: inviter ? `${inviter.firstname} ${inviter.lastname}` : 'Your administrator',
        company: company.name,
        url: this.mail.link(`/login/register/${token}`),
      }, client);
      return { userId: userId!, resent: Boolean(existing) && !existing?.disabled };
    });
    await this.audit.record(result.resent ? 'TeamInvitationResent' : 'TeamUserAdded', { userId: result.userId, admin: input.admin ?? false }, this.by(principal));
    return result.resent ? 'resent' : 'added';
  }

  async update(principal: Principal, input: TeamUserInput) {
    const user = await this.teamMember(principal, input.username);
    if (user.id === principal.userId) {
      throw new DomainError('forbidden', 'This is you, please edit your own details in the account section above.');
    }
    if (user.pending) throw new DomainError('conflict', 'A pending user cannot be edited; you can resend their registration e-mail.');
    const company = await this.accounts.company(principal.companyId);
    this.assertRoles(input.customRoles, company?.assignableCustomRoles ?? []);
    await this.accounts.updateUser(user.id, {
      firstname: input.firstname.trim(),
      lastname: input.lastname.trim(),
      phone: input.phone ?? null,
      marketing: input.marketing ?? user.marketing,
      notifications: input.notifications ?? user.notifications,
      admin: input.admin ?? user.admin,
      customRoles: input.customRoles ?? user.customRoles,
    });
    if ((input.admin ?? user.admin) !== user.admin || JSON.stringify(input.customRoles ?? user.customRoles) !== JSON.stringify(user.customRoles)) {
      await this.audit.record('TeamUserRolesChanged', { userId: user.id, admin: input.admin ?? user.admin, customRoles: input.customRoles ?? user.customRoles }, this.by(principal));
    }
    return teamUser((await this.accounts.userById(user.id))!);
  }

  async remove(principal: Principal, username: string) {
    const user = await this.teamMember(principal, username);
    if (user.id === principal.userId) throw new DomainError('forbidden', 'You cannot delete yourself.');
    // Disabled rather than erased: their verifications and audit events still name them.
    await this.accounts.updateUser(user.id, { disabled: true, pending: false, passwordHash: null });
    await this.accounts.pool.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [user.id]);
    await this.audit.record('TeamUserDeleted', { userId: user.id }, this.by(principal));
  }

  private async teamMember(principal: Principal, username: string): Promise<UserRow> {
    const user = await this.accounts.userByUsername(username ?? '');
    if (!user || user.companyId !== principal.companyId || user.disabled) throw new DomainError('not-found', 'User not found.');
    return user;
  }

  private assertRoles(roles: string[] | undefined, assignable: string[]) {
    const unknown = (roles ?? []).filter((r) => !assignable.includes(r));
    if (unknown.length) throw new DomainError('invalid', `Unknown role: ${unknown.join(', ')}`);
  }

  private by(p: Principal) {
    return { actor: p.username, impersonator: p.impersonator, companyId: p.companyId };
  }
}
