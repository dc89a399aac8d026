import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { createHmac, randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { hashResolveKey } from '../queries/verification-detail.query';

/**
 * The key of a resolve link (verifications.md 2.11): an HMAC of the verification and the id of the command that sent
 * it for manual checking, so the decision records only its hash and the reactor that mails the link derives the same
 * key later from the event (its causationId is that command id), after a restart too. Nothing stores the key itself;
 * 256 bits, unguessable without the secret.
 *
 * The secret is RESOLVE_LINK_SECRET (required in production). In the embedded/dev default, when it is unset, a
 * secret generated once into the database's server_secrets table (made by migration 0001) stands in: a per-process
 * secret would break every link already mailed at the next restart.
 */
@Injectable()
export class ResolveLinks implements OnModuleInit {
  private secret: Promise<Buffer> | undefined;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'resolveLinkSecret'>,
  ) {}

  onModuleInit(): void {
    if (!this.config.resolveLinkSecret) {
      new Logger('ResolveLinks').warn(
        'RESOLVE_LINK_SECRET is not set: resolve links are signed with a secret generated into the database (server_secrets); set it in production',
      );
    }
  }

  async keyFor(verificationId: string, commandId: string): Promise<string> {
    return createHmac('sha256', await this.secretKey())
      .update(`resolve-link/${verificationId}/${commandId}`)
      .digest('base64url');
  }

  async hashFor(verificationId: string, commandId: string): Promise<string> {
    return hashResolveKey(await this.keyFor(verificationId, commandId));
  }

  private secretKey(): Promise<Buffer> {
    const configured = this.config.resolveLinkSecret;
    if (configured) return Promise.resolve(Buffer.from(configured, 'utf8'));
    this.secret ??= this.storedSecret().catch((e: unknown) => {
      this.secret = undefined;
      throw e;
    });
    return this.secret;
  }

  private async storedSecret(): Promise<Buffer> {
    // Two processes starting at once: the first insert wins and both read it.
    await this.pool.query(`INSERT INTO server_secrets (name, secret) VALUES ('resolve-links', $1) ON CONFLICT (name) DO NOTHING`, [randomBytes(32)]);
    const { rows } = await this.pool.query<{ secret: Buffer }>(`SELECT secret FROM server_secrets WHERE name = 'resolve-links'`);
    return rows[0].secret;
  }
}
