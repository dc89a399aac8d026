import { createHash } from 'node:crypto';
import type { VerificationDetailRow } from '@credence/read-models';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { rowTypes } from '../../../infrastructure/projections/projection-sql';
import { VERIFICATION_DETAIL_TABLE, VERIFICATION_RESOLVE_KEYS_TABLE } from '../projections/verification-tables';

export const hashResolveKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** One verification's document and timeline, from the detail read model. */
@Injectable()
export class VerificationDetailQuery {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async get(id: string): Promise<VerificationDetailRow | null> {
    const { rows } = await this.pool.query<VerificationDetailRow>({
      text: `SELECT * FROM "${VERIFICATION_DETAIL_TABLE}" WHERE "id" = $1`,
      values: [id],
      types: rowTypes,
    });
    return rows[0] ?? null;
  }

  async many(ids: readonly string[]): Promise<Map<string, VerificationDetailRow>> {
    if (!ids.length) return new Map();
    const { rows } = await this.pool.query<VerificationDetailRow>({
      text: `SELECT * FROM "${VERIFICATION_DETAIL_TABLE}" WHERE "id" = ANY($1)`,
      values: [ids],
      types: rowTypes,
    });
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** The verification a resolve-link key was issued for (used or not), by the key's hash. */
  async byResolveKey(key: string): Promise<{ row: VerificationDetailRow; keyHash: string } | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(key)) return null;
    const keyHash = hashResolveKey(key);
    const { rows } = await this.pool.query<{ verificationId: string }>(
      `SELECT "verificationId" FROM "${VERIFICATION_RESOLVE_KEYS_TABLE}" WHERE "id" = $1`,
      [keyHash],
    );
    if (!rows[0]) return null;
    const row = await this.get(rows[0].verificationId);
    return row ? { row, keyHash } : null;
  }
}
