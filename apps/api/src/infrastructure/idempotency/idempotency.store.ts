import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../database/database.tokens';

/** How long a key is remembered (Stripe's 24 h): a retry within it replays, after it the key is new again. */
export const KEY_TTL_HOURS = 24;
/** An attempt holds its key this long, renewed while it runs; a process killed mid-request lets go after it. */
export const LEASE_MS = 10_000;
const HEARTBEAT_MS = 3_000;

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export type Claim =
  /** `since`: when the key was first used (its 24 h began), the same for every attempt of it. */
  | { kind: 'owner'; takeover: boolean; since: string }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'mismatch' }
  | { kind: 'busy' };

/**
 * The Idempotency-Key records (idempotency_keys, made by the migrations), in PostgreSQL so every API process (and
 * a restarted one) sees them. One row per (account scope, key): running under a lease, done with the first answer, or failed (the answer was a 5xx or the
 * attempt died; the next retry decides again).
 */
@Injectable()
export class IdempotencyStore implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Idempotency');
  private purge?: NodeJS.Timeout;

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  onModuleInit() {
    this.purge = setInterval(() => void this.forgetExpired().catch(() => undefined), 3_600_000);
    this.purge.unref();
  }

  onApplicationShutdown() {
    if (this.purge) clearInterval(this.purge);
  }

  async forgetExpired(): Promise<number> {
    const r = await this.pool.query(`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)`, [KEY_TTL_HOURS]);
    return r.rowCount ?? 0;
  }

  /**
   * One attempt at (scope, key): the owner runs the request; a replay answers the stored response; a mismatch is
   * the key reused with another request; busy means another attempt holds it right now.
   */
  async claim(scope: string, key: string, fingerprint: string): Promise<Claim> {
    const inserted = await this.pool.query(
      `INSERT INTO idempotency_keys (scope, key, fingerprint, state, lease_until)
       VALUES ($1, $2, $3, 'running', now() + make_interval(secs => $4))
       ON CONFLICT (scope, key) DO UPDATE
         SET fingerprint = EXCLUDED.fingerprint, state = 'running', lease_until = EXCLUDED.lease_until,
             status = NULL, headers = NULL, body = NULL, created_at = now()
         WHERE idempotency_keys.created_at < now() - make_interval(hours => $5)
       RETURNING (extract(epoch FROM created_at) * 1000000)::bigint::text AS since`,
      [scope, key, fingerprint, LEASE_MS / 1000, KEY_TTL_HOURS],
    );
    if (inserted.rowCount) return { kind: 'owner', takeover: false, since: (inserted.rows[0] as { since: string }).since };
    const { rows } = await this.pool.query<{ fingerprint: string; state: string; expired: boolean; status: number | null; headers: Record<string, string> | null; body: Buffer | null }>(
      `SELECT fingerprint, state, lease_until < now() AS expired, status, headers, body FROM idempotency_keys WHERE scope = $1 AND key = $2`,
      [scope, key],
    );
    const row = rows[0];
    if (!row) return this.claim(scope, key, fingerprint);
    if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
    if (row.state === 'done') return { kind: 'replay', response: { status: row.status ?? 200, headers: row.headers ?? {}, body: row.body ?? Buffer.alloc(0) } };
    if (row.state === 'running' && !row.expired) return { kind: 'busy' };
    // Failed, or its owner stopped renewing the lease (killed): take it over, one taker at a time.
    const taken = await this.pool.query(
      `UPDATE idempotency_keys SET state = 'running', lease_until = now() + make_interval(secs => $3)
       WHERE scope = $1 AND key = $2 AND (state = 'failed' OR (state = 'running' AND lease_until < now()))
       RETURNING (extract(epoch FROM created_at) * 1000000)::bigint::text AS since`,
      [scope, key, LEASE_MS / 1000],
    );
    return taken.rowCount ? { kind: 'owner', takeover: true, since: (taken.rows[0] as { since: string }).since } : { kind: 'busy' };
  }

  /** Renews the owner's lease until stop() is called. */
  hold(scope: string, key: string): () => void {
    const timer = setInterval(() => {
      this.pool
        .query(`UPDATE idempotency_keys SET lease_until = now() + make_interval(secs => $3) WHERE scope = $1 AND key = $2 AND state = 'running'`, [scope, key, LEASE_MS / 1000])
        .catch((e: Error) => this.logger.warn(`lease renewal failed: ${e.message}`));
    }, HEARTBEAT_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  async complete(scope: string, key: string, response: StoredResponse): Promise<void> {
    await this.pool.query(
      `UPDATE idempotency_keys SET state = 'done', status = $3, headers = $4, body = $5 WHERE scope = $1 AND key = $2`,
      [scope, key, response.status, JSON.stringify(response.headers), response.body],
    );
  }

  async fail(scope: string, key: string): Promise<void> {
    await this.pool.query(`UPDATE idempotency_keys SET state = 'failed' WHERE scope = $1 AND key = $2 AND state = 'running'`, [scope, key]);
  }

  /**
   * The streams an earlier attempt of this key committed events to (stamped with its correlation id) before it died
   * unanswered; none when it committed nothing. 'unknown' where the events are not in this database (EventStoreDB).
   */
  async committedStreams(correlationId: string): Promise<string[] | 'unknown'> {
    const { rows } = await this.pool.query<{ present: string | null }>(`SELECT to_regclass('es_events')::text AS present`);
    if (!rows[0]?.present) return 'unknown';
    const found = await this.pool.query<{ stream: string }>(
      `SELECT DISTINCT stream_name AS stream FROM es_events WHERE metadata->>'correlationId' = $1`,
      [correlationId],
    );
    return found.rows.map((r) => r.stream);
  }
}
