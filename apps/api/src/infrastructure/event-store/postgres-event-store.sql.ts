import type { ExpectedRevision } from './event-store.port';

/**
 * NOTIFY channel that wakes subscribers. Sent after an append commits, by a batcher (see PgNotifyBatcher), never
 * inside the append: a NOTIFY in a transaction takes a database-wide lock at commit and serialises all appends.
 */
export const NOTIFY_CHANNEL = 'credence_es_events';
export const NOTIFY_SQL = `SELECT pg_notify('${NOTIFY_CHANNEL}', '')`;

/** pg_advisory_xact_lock key serialising init() across processes ("credence-es" in ASCII). */
export const INIT_LOCK_KEY = '0x637265642d6573';

/**
 * es_events is the log, append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). es_streams holds each
 * stream's current revision: the row an append locks and moves, which is what makes optimistic concurrency exact.
 * transaction_id is the appending transaction's xid8: it gives the global order readers follow (see readAll).
 */
export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS es_streams (
  stream_name text PRIMARY KEY,
  revision bigint NOT NULL
);

-- The hash of the stream's last event, kept beside its revision so a chained append checks what it chains to
-- without reading that event's metadata back (issue 24's cost budget). NULL where the stream was last moved by a
-- writer that does not chain, or before this column existed: the append then checks the event itself.
ALTER TABLE es_streams ADD COLUMN IF NOT EXISTS head_hash text;

CREATE TABLE IF NOT EXISTS es_events (
  global_position bigserial PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_name text NOT NULL,
  stream_revision bigint NOT NULL,
  event_id uuid NOT NULL,
  type text NOT NULL,
  schema_version integer NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT es_events_stream_revision_key UNIQUE (stream_name, stream_revision),
  CONSTRAINT es_events_stream_event_id_key UNIQUE (stream_name, event_id)
);

CREATE INDEX IF NOT EXISTS es_events_global_order_idx ON es_events (transaction_id, global_position);

CREATE OR REPLACE FUNCTION es_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'es_events is append-only: % refused', TG_OP;
END $$;

CREATE OR REPLACE TRIGGER es_events_append_only
  BEFORE UPDATE OR DELETE OR TRUNCATE ON es_events
  FOR EACH STATEMENT EXECUTE FUNCTION es_events_refuse_change();

CREATE TABLE IF NOT EXISTS es_migrations (
  name text PRIMARY KEY,
  ran_at timestamptz NOT NULL DEFAULT now(),
  detail jsonb NOT NULL
);
`;

/**
 * Moves the stream's revision by $2 (the number of events) if the expectation holds, returning the revision
 * before the append; no row when it does not hold. The row lock it takes makes concurrent appends to one stream
 * queue up, and PostgreSQL re-checks the WHERE clause against the winner's committed row, so exactly one of
 * several writers expecting the same revision gets a row back.
 */
function claimRevisions(expected: ExpectedRevision, chained: boolean): string {
  if (chained && typeof expected === 'bigint') {
    // The hashes were chained (in the adapter) to $5, the hash of revision $4: that event must still be the last.
    // The stream row remembers its head's hash; where it does not (NULL), the event itself is checked.
    return `UPDATE es_streams SET revision = revision + $2::bigint, head_hash = $6::text
              WHERE stream_name = $1 AND revision = $4::bigint
              AND (head_hash = $5::text OR (head_hash IS NULL AND EXISTS (
                SELECT 1 FROM es_events WHERE stream_name = $1 AND stream_revision = $4::bigint
                AND metadata->>'hash' = $5::text)))
              RETURNING revision - $2::bigint AS before`;
  }
  if (chained && expected === 'no_stream') {
    return `INSERT INTO es_streams (stream_name, revision, head_hash) VALUES ($1, $2::bigint - 1, $4::text)
              ON CONFLICT (stream_name) DO NOTHING RETURNING -1::bigint AS before`;
  }
  // A writer that does not chain leaves no head hash behind: the next chained append checks the event itself.
  switch (expected) {
    case 'no_stream':
      return `INSERT INTO es_streams (stream_name, revision) VALUES ($1, $2::bigint - 1)
              ON CONFLICT (stream_name) DO NOTHING RETURNING -1::bigint AS before`;
    case 'any':
      return `INSERT INTO es_streams AS s (stream_name, revision) VALUES ($1, $2::bigint - 1)
              ON CONFLICT (stream_name) DO UPDATE SET revision = s.revision + $2::bigint, head_hash = NULL
              RETURNING s.revision - $2::bigint AS before`;
    case 'stream_exists':
      return `UPDATE es_streams SET revision = revision + $2::bigint, head_hash = NULL WHERE stream_name = $1
              RETURNING revision - $2::bigint AS before`;
    default:
      return `UPDATE es_streams SET revision = revision + $2::bigint, head_hash = NULL
              WHERE stream_name = $1 AND revision = $4::bigint
              RETURNING revision - $2::bigint AS before`;
  }
}

/**
 * The whole append as ONE statement, so on a pool it is one round trip and one implicit transaction: claim the
 * revisions, insert the events ($3, a JSON array, their metadata already carrying the chained hashes) in order.
 * No row back means the expectation failed and nothing was written; a unique violation on (stream_name, event_id)
 * rolls the whole statement back. Subscribers are woken after the commit, not from in here.
 */
export function appendSql(expected: ExpectedRevision, chained = true): string {
  return `
WITH claimed AS (${claimRevisions(expected, chained)}),
inserted AS (
  INSERT INTO es_events (stream_name, stream_revision, event_id, type, schema_version, data, metadata)
  SELECT $1, claimed.before + e.ord, (e.ev->>'id')::uuid, e.ev->>'type', (e.ev->>'v')::int, e.ev->'data', e.ev->'m'
  FROM claimed CROSS JOIN jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(ev, ord)
  ORDER BY e.ord
  RETURNING stream_revision, transaction_id, global_position
)
SELECT stream_revision::text AS revision, transaction_id::text AS commit, global_position::text AS prepare
FROM inserted ORDER BY stream_revision DESC LIMIT 1`;
}

/** What an append that wrote nothing finds: the stream's revision and which of its event ids are already there. */
export const LOOKUP_SQL = `
SELECT (SELECT revision::text FROM es_streams WHERE stream_name = $1) AS current,
       coalesce((SELECT json_agg(json_build_object('id', event_id, 'revision', stream_revision::text,
                                                   'commit', transaction_id::text, 'prepare', global_position::text))
                 FROM es_events WHERE stream_name = $1 AND event_id = ANY($2::uuid[])), '[]') AS found`;

const COLUMNS = `global_position::text AS prepare, transaction_id::text AS commit, stream_name, stream_revision::text AS
  revision, type, schema_version, data, metadata, recorded_at`;

/** The stream's last revision and that event's hash: what an append with 'any' or 'stream_exists' chains to. */
export const STREAM_HEAD_SQL = `
SELECT s.revision::text AS revision,
       coalesce(s.head_hash, (SELECT e.metadata->>'hash' FROM es_events e
                              WHERE e.stream_name = s.stream_name AND e.stream_revision = s.revision)) AS hash
FROM es_streams s WHERE s.stream_name = $1`;

/** The hash of one event: what an append expecting that revision chains to when the adapter has not seen it. */
export const HASH_AT_SQL = `SELECT metadata->>'hash' AS hash FROM es_events WHERE stream_name = $1 AND stream_revision = $2::bigint`;

export const READ_STREAM_SQL = `
SELECT ${COLUMNS} FROM es_events
WHERE stream_name = $1 AND stream_revision >= $2::bigint
ORDER BY stream_revision LIMIT $3::bigint`;

/**
 * The global log in (transaction_id, global_position) order, after a position, and only below the xmin of a fresh
 * snapshot. Why that never skips an event:
 * - global_position alone is not safe: sequence numbers are taken at insert, commits happen later and in any order,
 *   so a reader could see 11 before 10 commits and move its checkpoint past 10 for good.
 * - Every transaction with an xid below the snapshot's xmin has finished (committed or aborted), so the set of events
 *   with transaction_id < xmin is final: nothing can join it later. Transactions still running, and all future ones,
 *   have xids >= xmin and so sort after everything returned.
 * - A checkpoint is the position of an event returned earlier, so its xid was below the xmin of that read, and xmin
 *   never goes back; every event still to come sorts after the checkpoint and is delivered later, never skipped.
 * The price: a long-running transaction that has taken an xid (in any database of the cluster: the snapshot is
 * cluster-wide) holds readers back until it ends. The (transaction_id, global_position) index serves both bounds.
 */
export const READ_ALL_SQL = `
SELECT ${COLUMNS} FROM es_events
WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
  AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
ORDER BY transaction_id, global_position
LIMIT $3::bigint`;

export const HEAD_SQL = `
SELECT transaction_id::text AS commit, global_position::text AS prepare FROM es_events
WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
ORDER BY transaction_id DESC, global_position DESC LIMIT 1`;
