import { Inject, Injectable } from '@nestjs/common';
import { DomainError, isStaffUsername } from '@credence/domain';
import type { Principal } from '../../../common/auth/principal';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { MailService } from '../../../infrastructure/mail/mail.service';
import { AccountsRepository, type UserRow } from '../../identity';
import { RegistrationService } from '../../identity';
import { TeamService } from '../../identity';
import { staffActor } from '../shared/staff-actor';
import type { UserUpdateDto } from './user-update.dto';

/** Staff changes to any user: disable/enable, the admin flag, names; and the registration mail again. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly team: TeamService,
    private readonly registration: RegistrationService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async update(staff: Principal, id: string, input: UserUpdateDto): Promise<void> {
    const user = await this.user(id);
    const changes: Partial<UserRow> = {};
    const diff: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, value] of Object.entries(input) as [keyof typeof input, unknown][]) {
      if (value === undefined || (user[key] ?? null) === (value ?? null)) continue;
      (changes as Record<string, unknown>)[key] = value;
      diff[key] = { from: user[key] ?? null, to: value ?? null };
    }
    if (!Object.keys(changes).length) return;
    if (changes.disabled === true && user.id === staff.userId) {
      throw new DomainError('unprocessable', 'You cannot disable your own account.');
    }
    if ('staffRole' in changes) {
      if (!isStaffUsername(user.username, this.config.staffDomain)) throw new DomainError('unprocessable', 'Only Credence staff accounts have a staff role.');
      if (user.id === staff.userId) throw new DomainError('unprocessable', 'You cannot change your own staff role.');
    }
    await this.accounts.transaction(async (client) => {
      await this.accounts.updateUser(user.id, changes, client);
      // A disabled user's sessions end now, not when their refresh token would have expired; so do the sessions of
      // staff whose role changed (their token carries the role).
      if (changes.disabled === true || 'staffRole' in changes) {
        await client.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [user.id]);
      }
    });
    const type = changes.disabled === true ? 'UserDisabledByStaff' : changes.disabled === false ? 'UserEnabledByStaff' : 'UserUpdatedByStaff';
    await this.audit.record(type, { userId: user.id, username: user.username, changes: diff }, staffActor(staff, user.companyId));
  }

  /**
   * The registration e-mail again for a pending user: a team member gets the team invitation (the same flow as
   * their admin's resend, with the staff member as the inviter); an individual the registration mail.
   */
  async resendRegistration(staff: Principal, id: string): Promise<{ sent: 'invitation' | 'registration' }> {
    const user = await this.user(id);
    if (user.disabled) throw new DomainError('conflict', 'This user is disabled; enable them first.');
    if (!user.pending) throw new DomainError('conflict', 'This user has already completed their registration.');
    const company = await this.accounts.company(user.companyId);
    if (company && !company.individual) {
      await this.team.add({ ...staff, companyId: user.companyId }, { username: user.username, firstname: user.firstname, lastname: user.lastname, phone: user.phone });
      return { sent: 'invitation' };
    }
    const token = await this.registration.createToken({
      email: user.username,
      firstname: user.firstname,
      lastname: user.lastname,
      phone: user.phone,
      company_name: null,
      job_title: null,
      volume_checks: null,
      individual: true,
      company_id: user.companyId,
      application_owner_id: null,
      referral_owner_id: null,
      application_ref: null,
    });
    await this.mail.send('registration', user.username, { firstname: user.firstname, url: this.mail.link(`/login/register/${token}`) });
    await this.audit.record('RegistrationResentByStaff', { userId: user.id, username: user.username }, staffActor(staff, user.companyId));
    return { sent: 'registration' };
  }

  private async user(id: string): Promise<UserRow> {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
    const user = uuid ? await this.accounts.userById(id) : null;
    if (!user) throw new DomainError('not-found', 'User not found.');
    return user;
  }
}
