import { DomainError } from '@credence/domain';
import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { PoolClient } from 'pg';
import { AccountsRepository } from '../persistence/accounts.repository';
import { sha256 } from '../sessions/session.service';

const TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const REGISTRATION_LINK_INVALID = 'This registration link is invalid or has expired.';

/** What a registration link carries (registration_tokens): who was asked to register, and into what. */
export interface TokenRow {
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

type Db = { query: PoolClient['query'] };

/**
 * The registration links of access.md 4.2: a 256-bit token mailed once, only its SHA-256 stored, valid 7 days,
 * used once (self-registration, team invitations and applicant invitations).
 */
@Injectable()
export class RegistrationTokens {
  constructor(private readonly accounts: AccountsRepository) {}

  async createToken(row: TokenRow, db: Db = this.accounts.pool): Promise<string> {
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

  /** The unused, unexpired link's row (locked for the completing transaction), else 404 with the spec's words. */
  async tokenRow(token: string, db: Db = this.accounts.pool, lock = false): Promise<TokenRow> {
    const { rows } = await db.query<TokenRow>(
      `SELECT * FROM registration_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()${lock ? ' FOR UPDATE' : ''}`,
      [sha256(token)],
    );
    if (!rows[0]) throw new DomainError('not-found', REGISTRATION_LINK_INVALID);
    return rows[0];
  }

  markUsed(token: string, db: Db): Promise<unknown> {
    return db.query(`UPDATE registration_tokens SET used_at = now() WHERE token_hash = $1`, [sha256(token)]);
  }
}
