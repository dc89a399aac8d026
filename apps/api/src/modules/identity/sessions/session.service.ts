import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DomainError, isStaffUsername, staffRole } from '@credence/domain';
import type { PoolClient } from 'pg';
import { AUTO_LOGOUT_AFTER_EXPIRY_SECONDS, IMPERSONATION_TTL_SECONDS, TokenService } from '../../../common/auth/token.service';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { AccountsRepository, type UserRow } from '../persistence/accounts.repository';
import { buildClaims } from './claims';
import { verifyPassword } from './passwords';
import { RateLimiter } from './rate-limiter';

export interface IssuedSession {
  token: string;
  refreshToken: string;
  expiresAt: Date;
}

export const INCORRECT_LOGIN = 'Incorrect username or password';
export const CANT_REFRESH = 'Session expired.';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Sign-in, refresh and sign-out. Refresh tokens are opaque, stored only as hashes, single use and rotated on every
 * refresh; presenting one that was already used revokes its whole session (RFC 9700 4.14.2), as does logout.
 * A session can be refreshed until 14 minutes after its token expires; an impersonation session ends 15 minutes
 * after it began, whatever refreshes happen.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly tokens: TokenService,
    private readonly audit: AuditService,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async login(input: { username: string; password: string; impersonate?: string | null }, ip: string): Promise<IssuedSession> {
    const username = input.username.trim().toLowerCase();
    this.limiter.hit(`login-ip:${ip}`, 120, 60_000);
    this.limiter.check(`login-user:${username}`, 10);
    const user = await this.accounts.userByUsername(username);
    const ok = (await verifyPassword(user?.passwordHash, input.password)) && user && !user.pending && !user.disabled;
    if (!ok || !user) {
      // Failures count against the account for 15 minutes, whether or not it exists (no hint either way).
      this.limiter.hit(`login-user:${username}`, 10, 15 * 60_000);
      await this.audit.record('SignInFailed', { username, ip }, { actor: 'anonymous', companyId: user?.companyId ?? null });
      throw new DomainError('unauthenticated', INCORRECT_LOGIN);
    }
    this.limiter.reset(`login-user:${username}`);

    if (input.impersonate) return this.impersonate(user, input.impersonate.trim().toLowerCase());

    await this.accounts.updateUser(user.id, { lastLoginAt: new Date() });
    await this.audit.record('SignedIn', { userId: user.id }, { actor: user.username, companyId: user.companyId });
    return this.startSession(user, null);
  }

  private async impersonate(staff: UserRow, target: string): Promise<IssuedSession> {
    // Staff administrators only: an auditor acting as a customer could change what they may only read.
    if (staffRole(staff, this.config.staffDomain) !== 'administrator') {
      throw new DomainError('forbidden', 'Only Credence staff can impersonate a customer.');
    }
    const customer = await this.accounts.userByUsername(target);
    if (!customer || customer.pending || customer.disabled) throw new DomainError('not-found', 'No such customer user.');
    if (isStaffUsername(customer.username, this.config.staffDomain)) {
      throw new DomainError('forbidden', 'Staff accounts cannot be impersonated.');
    }
    await this.audit.record(
      'ImpersonationStarted',
      { customer: customer.username, customerId: customer.id },
      { actor: customer.username, impersonator: staff.username, companyId: customer.companyId },
    );
    return this.startSession(customer, staff.username);
  }

  private async startSession(user: UserRow, impersonator: string | null, sessionId: string = randomUUID(), deadline?: Date | null) {
    const company = await this.accounts.company(user.companyId);
    if (!company) throw new DomainError('unauthenticated', INCORRECT_LOGIN);
    const claims = buildClaims(user, company, { sessionId, impersonator, staffDomain: this.config.staffDomain });
    const { token, expiresAt } = this.tokens.sign(claims);
    const sessionDeadline = impersonator ? (deadline ?? new Date(Date.now() + IMPERSONATION_TTL_SECONDS * 1000)) : null;
    const refreshToken = randomBytes(32).toString('base64url');
    const refreshUntil = new Date(expiresAt.getTime() + AUTO_LOGOUT_AFTER_EXPIRY_SECONDS * 1000);
    await this.accounts.pool.query(
      `INSERT INTO refresh_tokens (token_hash, session_id, user_id, impersonator, expires_at, session_deadline) VALUES ($1, $2, $3, $4, $5, $6)`,
      [sha256(refreshToken), sessionId, user.id, impersonator, sessionDeadline && sessionDeadline < refreshUntil ? sessionDeadline : refreshUntil, sessionDeadline],
    );
    return { token, refreshToken, expiresAt };
  }

  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    if (!refreshToken) throw new DomainError('unauthenticated', CANT_REFRESH, 'QC-CANTREFRESH');
    const found = await this.accounts.transaction(async (client: PoolClient) => {
      const { rows } = await client.query<{
        session_id: string;
        user_id: string;
        impersonator: string | null;
        expires_at: Date;
        session_deadline: Date | null;
        used_at: Date | null;
        revoked_at: Date | null;
      }>(`SELECT * FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`, [sha256(refreshToken)]);
      const row = rows[0];
      if (!row || row.revoked_at) return { ok: false as const };
      if (row.used_at) {
        // A used token came back: it was stolen or replayed. End the whole session.
        await client.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE session_id = $1 AND revoked_at IS NULL`, [row.session_id]);
        return { ok: false as const, reuse: row };
      }
      if (row.expires_at.getTime() <= Date.now() || (row.session_deadline && row.session_deadline.getTime() <= Date.now())) {
        return { ok: false as const };
      }
      await client.query(`UPDATE refresh_tokens SET used_at = now() WHERE token_hash = $1`, [sha256(refreshToken)]);
      return { ok: true as const, row };
    });
    if (!found.ok) {
      if ('reuse' in found && found.reuse) {
        const user = await this.accounts.userById(found.reuse.user_id);
        await this.audit.record(
          'RefreshTokenReused',
          { sessionId: found.reuse.session_id },
          { actor: user?.username ?? 'anonymous', companyId: user?.companyId ?? null, impersonator: found.reuse.impersonator },
        );
      }
      throw new DomainError('unauthenticated', CANT_REFRESH, 'QC-CANTREFRESH');
    }
    const user = await this.accounts.userById(found.row.user_id);
    if (!user || user.disabled || user.pending) throw new DomainError('unauthenticated', CANT_REFRESH, 'QC-CANTREFRESH');
    return this.startSession(user, found.row.impersonator, found.row.session_id, found.row.session_deadline);
  }

  async logout(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const { rows } = await this.accounts.pool.query<{ session_id: string; user_id: string; impersonator: string | null }>(
      `SELECT session_id, user_id, impersonator FROM refresh_tokens WHERE token_hash = $1`,
      [sha256(refreshToken)],
    );
    if (!rows[0]) return;
    await this.revokeSession(rows[0].session_id);
    if (rows[0].impersonator) {
      const user = await this.accounts.userById(rows[0].user_id);
      await this.audit.record('ImpersonationEnded', { customer: user?.username }, {
        actor: user?.username ?? 'anonymous',
        impersonator: rows[0].impersonator,
        companyId: user?.companyId ?? null,
      });
    }
  }

  async revokeSession(sessionId: string) {
    await this.accounts.pool.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE session_id = $1 AND revoked_at IS NULL`, [sessionId]);
  }

  /** After a password change: every session of the user ends, except (optionally) the one that made the change. */
  async revokeAllSessions(userId: string, except?: string) {
    await this.accounts.pool.query(
      `UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR session_id <> $2::uuid)`,
      [userId, except ?? null],
    );
  }
}
