import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DomainError, INVALID_PASSWORD, isValidPassword } from '@credence/domain';
import type { Principal } from '../../../common/auth/principal';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { MailService } from '../../../infrastructure/mail/mail.service';
import { AccountsRepository } from '../persistence/accounts.repository';
import { hashPassword, verifyPassword } from './passwords';
import { RateLimiter } from './rate-limiter';
import { SessionService, sha256 } from './session.service';

export const PASSWORDS_DIFFER = 'The new password and its confirmation do not match.';
const RESET_TTL_MS = 60 * 60 * 1000;

/** Setting, changing and resetting passwords (access.md 4.3, 5.3). */
@Injectable()
export class PasswordService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly limiter: RateLimiter,
  ) {}

  static assertNewPassword(newPassword: string, confirmPassword: string) {
    if (!isValidPassword(newPassword)) throw new DomainError('invalid', INVALID_PASSWORD);
    if (newPassword !== confirmPassword) throw new DomainError('invalid', PASSWORDS_DIFFER);
  }

  /** Signed in: the current password proves it is them. Other sessions end; this one stays. */
  async change(principal: Principal, input: { password: string; newPassword: string; confirmPassword: string }) {
    if (principal.impersonator) throw new DomainError('forbidden', 'Staff cannot change a customer password while impersonating.');
    PasswordService.assertNewPassword(input.newPassword, input.confirmPassword);
    const user = await this.accounts.userById(principal.userId);
    this.limiter.check(`login-user:${principal.username}`, 10);
    if (!user || !(await verifyPassword(user.passwordHash, input.password))) {
      this.limiter.hit(`login-user:${principal.username}`, 10, 15 * 60_000);
      throw new DomainError('invalid', 'Your current password is not correct.');
    }
    await this.accounts.updateUser(user.id, { passwordHash: await hashPassword(input.newPassword) });
    await this.sessions.revokeAllSessions(user.id, principal.sessionId);
    await this.audit.record('PasswordChanged', { userId: user.id }, { actor: user.username, companyId: user.companyId });
  }

  /** With the e-mailed reset token: one use, one hour. Every session of the user ends. */
  async reset(token: string, input: { newPassword: string; confirmPassword: string }) {
    PasswordService.assertNewPassword(input.newPassword, input.confirmPassword);
    const userId = await this.accounts.transaction(async (client) => {
      const { rows } = await client.query<{ user_id: string }>(
        `UPDATE password_reset_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
        [sha256(token)],
      );
      if (!rows[0]) throw new DomainError('invalid', 'This password reset link is invalid or has expired. Please request a new one.');
      await this.accounts.updateUser(rows[0].user_id, { passwordHash: await hashPassword(input.newPassword) }, client);
      return rows[0].user_id;
    });
    const user = await this.accounts.userById(userId);
    await this.sessions.revokeAllSessions(userId);
    await this.audit.record('PasswordReset', { userId }, { actor: user?.username ?? 'anonymous', companyId: user?.companyId ?? null });
  }

  /** Answers the same whether or not the user exists; only an active user gets a mail. */
  async forgot(username: string | undefined, ip: string) {
    const name = (username ?? '').trim().toLowerCase();
    this.limiter.hit(`forgot-ip:${ip}`, 10, 60_000);
    if (!name) return;
    this.limiter.hit(`forgot-user:${name}`, 3, 15 * 60_000);
    const user = await this.accounts.userByUsername(name);
    if (!user || user.pending || user.disabled) return;
    const token = randomBytes(32).toString('base64url');
    await this.accounts.pool.query(
      `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, $3)`,
      [sha256(token), user.id, new Date(Date.now() + RESET_TTL_MS)],
    );
    await this.mail.send('passwordReset', user.username, { firstname: user.firstname, url: this.mail.link(`/login/reset/${token}`) });
    await this.audit.record('PasswordResetRequested', { userId: user.id }, { actor: 'anonymous', companyId: user.companyId });
  }
}
