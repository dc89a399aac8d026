import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { hashResolveKey } from '../queries/verification-detail.query';

/**
 * The key of a resolve link (verifications.md 2.11): derived from a secret kept in the database, the verification
 * and the id of the command that sent it for manual checking, so the decision records only its hash and the
 * reactor that mails the link derives the same key later from the event (its causationId is that command id),
 * after a restart too. Nothing stores the key itself; 256 bits, unguessable without the secret.
 */
@Injectable()
export class ResolveLinks {
  private secret: Promise<Buffer> | undefined;

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async keyFor(verificationId: string, commandId: string): Promise<string> {
    return createHmac('sha256', await this.secretKey())
      .update(`resolve-link/${verificationId}/${commandId}`)
      .digest('base64url');
  }

  async hashFor(verificationId: string, commandId: string): Promise<string> {
    return hashResolveKey(await this.keyFor(verificationId, commandId));
  }

  private secretKey(): Promise<Buffer> {
    this.secret ??= (async () => {
      await this.pool.query(`CREATE TABLE IF NOT EXISTS server_secrets (name text PRIMARY KEY, secret bytea NOT NULL)`);
      // Two processes starting at once: the first insert wins and both read it.
      await this.pool.query(`INSERT INTO server_secrets (name, secret) VALUES ('resolve-links', $1) ON CONFLICT (name) DO NOTHING`, [randomBytes(32)]);
      const { rows } = await this.pool.query<{ secret: Buffer }>(`SELECT secret FROM server_secrets WHERE name = 'resolve-links'`);
      return rows[0].secret;
    })().catch((e: unknown) => {
      this.secret = undefined;
      throw e;
    });
    return this.secret;
  }
}
