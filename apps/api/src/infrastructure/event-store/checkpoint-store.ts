import type { Pool, PoolClient } from 'pg';
import type { BundleCheckpoint, CheckpointBody, CheckpointLeaf, ProofStep } from 'credence-verify';
import type { Position } from './event-store.port';

/** pg_advisory_xact_lock key: one checkpoint at a time across processes ("credence-cp" in ASCII). */
const CHECKPOINT_LOCK_KEY = BigInt('0x637265642d6370').toString();

/**
 * Signed checkpoints of the event log, in PostgreSQL whichever adapter holds the events. Each one signs the Merkle root
 * over the latest hash of every stream changed since the one before; each leaf keeps its proof so an export needs no
 * tree. Both tables are append-only, like es_events.
 */
export const CHECKPOINT_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS es_checkpoints (
  id bigint PRIMARY KEY,
  created_at timestamptz NOT NULL,
  position_commit numeric NOT NULL,
  position_prepare numeric NOT NULL,
  body jsonb NOT NULL,
  signature text NOT NULL,
  public_key text NOT NULL
);

CREATE TABLE IF NOT EXISTS es_checkpoint_leaves (
  stream_name text NOT NULL,
  checkpoint_id bigint NOT NULL REFERENCES es_checkpoints (id),
  revision bigint NOT NULL,
  hash text NOT NULL,
  proof jsonb NOT NULL,
  PRIMARY KEY (stream_name, checkpoint_id)
);

CREATE OR REPLACE FUNCTION es_checkpoints_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP;
END $$;

CREATE OR REPLACE TRIGGER es_checkpoints_append_only
  BEFORE UPDATE OR DELETE OR TRUNCATE ON es_checkpoints
  FOR EACH STATEMENT EXECUTE FUNCTION es_checkpoints_refuse_change();

CREATE OR REPLACE TRIGGER es_checkpoint_leaves_append_only
  BEFORE UPDATE OR DELETE OR TRUNCATE ON es_checkpoint_leaves
  FOR EACH STATEMENT EXECUTE FUNCTION es_checkpoints_refuse_change();
`;

export interface StoredCheckpoint {
  id: number;
  position: Position;
}

export interface NewCheckpoint {
  body: CheckpointBody;
  position: Position;
  signature: string;
  publicKey: string;
  leaves: (CheckpointLeaf & { proof: ProofStep[] })[];
}

export class CheckpointStore {
  constructor(private readonly pool: Pool) {}

  async init(): Promise<void> {
    await this.inTransaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [CHECKPOINT_LOCK_KEY]);
      await client.query(CHECKPOINT_SCHEMA_SQL);
    });
  }

  /**
   * Runs `make` holding the checkpoint lock, with the last checkpoint (or null), and stores what it answers; answers
   * null without calling it when another process holds the lock (it is making the same checkpoint).
   */
  async withNext(make: (last: StoredCheckpoint | null) => Promise<NewCheckpoint | null>): Promise<NewCheckpoint | null> {
    return this.inTransaction(async (client) => {
      const { rows: locked } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1::bigint) AS ok', [
        CHECKPOINT_LOCK_KEY,
      ]);
      if (!locked[0].ok) return null;
      const { rows } = await client.query<{ id: string; commit: string; prepare: string }>(
        `SELECT id::text, position_commit::text AS commit, position_prepare::text AS prepare FROM es_checkpoints ORDER BY id DESC LIMIT 1`,
      );
      const last = rows[0] ? { id: Number(rows[0].id), position: { commit: BigInt(rows[0].commit), prepare: BigInt(rows[0].prepare) } } : null;
      const next = await make(last);
      if (!next) return null;
      await client.query(
        `INSERT INTO es_checkpoints (id, created_at, position_commit, position_prepare, body, signature, public_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          next.body.id,
          next.body.createdAt,
          next.position.commit.toString(),
          next.position.prepare.toString(),
          next.body,
          next.signature,
          next.publicKey,
        ],
      );
      await client.query(
        `INSERT INTO es_checkpoint_leaves (stream_name, checkpoint_id, revision, hash, proof)
         SELECT l.stream, $1, l.revision, l.hash, l.proof
         FROM jsonb_to_recordset($2::jsonb) AS l(stream text, revision bigint, hash text, proof jsonb)`,
        [next.body.id, JSON.stringify(next.leaves)],
      );
      return next;
    });
  }

  /** Every checkpoint with a leaf for the stream, oldest first, with that leaf and its proof. */
  async covering(streamName: string): Promise<BundleCheckpoint[]> {
    const { rows } = await this.pool.query<{
      body: CheckpointBody;
      signature: string;
      public_key: string;
      revision: string;
      hash: string;
      proof: ProofStep[];
    }>(
      `SELECT c.body, c.signature, c.public_key, l.revision::text, l.hash, l.proof
       FROM es_checkpoint_leaves l JOIN es_checkpoints c ON c.id = l.checkpoint_id
       WHERE l.stream_name = $1 ORDER BY c.id`,
      [streamName],
    );
    return rows.map((r) => ({
      body: r.body,
      signature: r.signature,
      publicKey: r.public_key,
      leaf: { stream: streamName, revision: Number(r.revision), hash: r.hash },
      proof: r.proof,
    }));
  }

  private async inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}
