import type { PoolClient } from 'pg';
import { chainHash } from 'credence-verify';
import { GENESIS_HASH } from './hash-chain';

export const HASH_CHAIN_MIGRATION = 'hash-chain-v1';

interface Row {
  stream_revision: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: Record<string, unknown> & { hash?: string };
}

/**
 * One-off: gives every event appended before the hash chain existed its hash, stream by stream in revision order, as
 * stored (never upcast), and records the run in es_migrations. Runs inside init()'s transaction and advisory lock;
 * the append-only trigger is disabled for this transaction's UPDATEs only (ALTER TABLE is transactional) and is back
 * before anyone else can write. Answers what it did, for the log; null when it had run before.
 */
export async function chainExistingEvents(client: PoolClient): Promise<{ streams: number; events: number } | null> {
  const done = await client.query(`SELECT 1 FROM es_migrations WHERE name = $1`, [HASH_CHAIN_MIGRATION]);
  if (done.rowCount) return null;
  const { rows: streams } = await client.query<{ stream_name: string }>(
    `SELECT DISTINCT stream_name FROM es_events WHERE NOT (metadata ? 'hash') ORDER BY stream_name`,
  );
  let events = 0;
  if (streams.length) {
    await client.query('ALTER TABLE es_events DISABLE TRIGGER es_events_append_only');
    for (const { stream_name } of streams) {
      const { rows } = await client.query<Row>(
        `SELECT stream_revision::text, type, schema_version, data, metadata FROM es_events
         WHERE stream_name = $1 ORDER BY stream_revision`,
        [stream_name],
      );
      let prev = GENESIS_HASH;
      const revisions: string[] = [];
      const hashes: string[] = [];
      for (const row of rows) {
        if (typeof row.metadata.hash === 'string') {
          prev = row.metadata.hash;
          continue;
        }
        const { hash: _none, ...metadata } = row.metadata;
        prev = chainHash(prev, {
          type: row.type,
          schemaVersion: row.schema_version,
          data: row.data,
          metadata,
          revision: row.stream_revision,
        });
        revisions.push(row.stream_revision);
        hashes.push(prev);
      }
      await client.query(
        `UPDATE es_events e SET metadata = e.metadata || jsonb_build_object('hash', h.hash)
         FROM unnest($2::bigint[], $3::text[]) AS h(revision, hash)
         WHERE e.stream_name = $1 AND e.stream_revision = h.revision`,
        [stream_name, revisions, hashes],
      );
      events += revisions.length;
    }
    await client.query('ALTER TABLE es_events ENABLE TRIGGER es_events_append_only');
  }
  const detail = { streams: streams.length, events };
  await client.query(`INSERT INTO es_migrations (name, detail) VALUES ($1, $2)`, [HASH_CHAIN_MIGRATION, detail]);
  return detail;
}
