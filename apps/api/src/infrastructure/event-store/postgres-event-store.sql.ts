/**
 * NOTIFY channel that wakes subscribers. Sent after an append commits, by a batcher (see PgNotifyBatcher), never
 * inside the append: a NOTIFY in a transaction takes a database-wide lock at commit and serialises all appends.
 */
export const NOTIFY_CHANNEL = 'credence_es_events';
/** $1: the sending store's id, so its own listener ignores the echo of appends it has woken its subscribers for. */
export const NOTIFY_SQL = `SELECT pg_notify('${NOTIFY_CHANNEL}', $1)`;

/** pg_advisory_xact_lock key serialising init() across processes ("credence-es" in ASCII). */
export const INIT_LOCK_KEY = '0x637265642d6573';

/**
 * es_events is the log, append-only (a trigger refuses UPDATE, DELETE and TRUNCATE), and the only table an append
 * writes: a stream's revision is its last event's stream_revision, and the (stream_name, stream_revision) key is
 * what makes optimistic concurrency exact (see appendSql). transaction_id is the appending transaction's xid8: it
 * gives the global order readers follow (see readAll).
 */
export const SCHEMA_SQL = `
-- Until issue 18's second round every append also moved a row of es_streams (the stream's revision and head hash):
-- a second write and row lock per append that the unique key on es_events already makes redundant. Nothing reads
-- it any more; a database made before then loses it here (it holds nothing es_events does not).
DROP TABLE IF EXISTS es_streams;

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
 * The whole append as ONE statement, so on a pool it is one round trip and one implicit transaction: the events
 * ($2, a JSON array, their metadata already carrying the chained hashes) inserted in order with the revisions after
 * the expected one, only if the expectation holds:
 * - 'no_stream': the stream has no event;
 * - an exact revision $3: the stream has the event at $3 (chained: with the hash $4 these events were chained to).
 *   That it is also the LAST event is what the (stream_name, stream_revision) key enforces: the first new revision
 *   is taken already when the stream went on. Of several writers expecting the same revision, the first to insert
 *   wins; the others wait on the key for its commit and then fail with a unique violation (nothing written).
 * No row back, or a unique violation, means nothing was written: the adapter then says why (LOOKUP_SQL). A unique
 * violation on (stream_name, event_id) is a retry of events already there. Subscribers are woken after the commit,
 * not from in here. 'any' and 'stream_exists' read the stream's head and append expecting exactly it.
 */
export function appendSql(expected: 'no_stream' | bigint, chained = true): string {
  return built(`many:${kindOf(expected)}:${chained}`, () => buildAppendSql(expected, chained));
}
function buildAppendSql(expected: 'no_stream' | bigint, chained: boolean): string {
  const holds = expectationHolds(expected, chained, '$3', '$4');
  const before = expected === 'no_stream' ? '-1' : '$3::bigint';
  return `
WITH inserted AS (
  INSERT INTO es_events (stream_name, stream_revision, event_id, type, schema_version, data, metadata)
  SELECT $1, ${before} + e.ord, (e.ev->>'id')::uuid, e.ev->>'type', (e.ev->>'v')::int, e.ev->'data', e.ev->'m'
  FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(ev, ord)
  WHERE ${holds}
  ORDER BY e.ord
  RETURNING stream_revision, transaction_id, global_position
)
SELECT stream_revision::text AS revision, transaction_id::text AS commit, global_position::text AS prepare
FROM inserted ORDER BY stream_revision DESC LIMIT 1`;
}

/**
 * appendSql for the common case of one event, with its fields as parameters instead of a JSON array to unpack:
 * $1 stream, $2 event id, $3 type, $4 schema version, $5 data, $6 metadata, then $7 the expected revision and $8
 * the hash chained to (exact). A third less CPU per append, in the database and in the adapter (issue 18's bench).
 */
export function appendOneSql(expected: 'no_stream' | bigint, chained = true): string {
  return built(`one:${kindOf(expected)}:${chained}`, () => buildAppendOneSql(expected, chained));
}
function buildAppendOneSql(expected: 'no_stream' | bigint, chained: boolean): string {
  const holds = expectationHolds(expected, chained, '$7', '$8');
  const revision = expected === 'no_stream' ? '0' : '$7::bigint + 1';
  return `
INSERT INTO es_events (stream_name, stream_revision, event_id, type, schema_version, data, metadata)
SELECT $1, ${revision}, $2::uuid, $3, $4::int, $5::jsonb, $6::jsonb
WHERE ${holds}
RETURNING stream_revision::text AS revision, transaction_id::text AS commit, global_position::text AS prepare`;
}

/**
 * Several appends, each to a different stream, as ONE statement and so one commit: what group commit sends
 * (group-commit.ts) when appends queued while others were running. $1: the appends, a JSON array of {s: the stream,
 * x: the expected revision or -1 for a new stream, h: the hash chained to, or null for no check}; $2: all their events
 * in order, a JSON array of {a: the append's index in $1, i: the event's 1-based index in its append, id, type, v,
 * data, m}. Each append's events go in only if its own condition holds (appendSql's); an append whose condition fails
 * writes nothing and has no row in the answer, which has one row per append written: its last event. A unique
 * violation (a revision or an event id taken) aborts the whole statement: nothing of it is written.
 */
export const APPEND_MANY_SQL = `
WITH appends AS (
  SELECT p.ord - 1 AS a, p.ap->>'s' AS s, (p.ap->>'x')::bigint AS x, p.ap->>'h' AS h
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS p(ap, ord)
), holding AS (
  -- A new stream is one without an event at revision 0 (every stream starts there and none loses events). The
  -- LATERAL ... LIMIT 1 keeps this an index probe per append: as a NOT EXISTS, the planner may hash the whole table.
  SELECT p.a, p.s, p.x FROM appends p
  LEFT JOIN LATERAL (
    SELECT 1 AS found FROM es_events
    WHERE stream_name = p.s AND stream_revision = greatest(p.x, 0) AND (p.h IS NULL OR metadata->>'hash' = p.h)
    LIMIT 1
  ) there ON true
  WHERE (there.found IS NULL) = (p.x < 0)
), inserted AS (
  INSERT INTO es_events (stream_name, stream_revision, event_id, type, schema_version, data, metadata)
  SELECT h.s, h.x + (e.ev->>'i')::bigint, (e.ev->>'id')::uuid, e.ev->>'type', (e.ev->>'v')::int, e.ev->'data', e.ev->'m'
  FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(ev, ord)
  JOIN holding h ON h.a = (e.ev->>'a')::int
  ORDER BY e.ord
  RETURNING stream_name, stream_revision, transaction_id, global_position
)
SELECT DISTINCT ON (stream_name) stream_name AS stream, stream_revision::text AS revision,
       transaction_id::text AS commit, global_position::text AS prepare
FROM inserted ORDER BY stream_name, stream_revision DESC`;

/**
 * APPEND_MANY_SQL for the common batch, `count` appends of ONE event each (each to a different stream), with every
 * field a parameter: 8 per append, in order $1 the stream, $2 the expected revision or -1 for a new stream, $3 the
 * hash chained to or null for no check, $4 the event id, $5 type, $6 schema version, $7 data, $8 metadata; then the
 * next append's from $9. No JSON to unpack: a batch of two costs PostgreSQL and the adapter about a fifth less CPU per
 * append than two appends alone, where the JSON form cost more than two alone (issue 18's bench). One statement
 * per batch size, prepared once per connection. The same rules as APPEND_MANY_SQL: an append whose condition fails
 * writes nothing and has no row in the answer; a unique violation aborts the whole statement.
 */
export function appendManyOneSql(count: number): string {
  return built(`values:${count}`, () => buildAppendManyOneSql(count));
}
function buildAppendManyOneSql(count: number): string {
  const rows = Array.from({ length: count }, (_, i) => {
    const p = (n: number) => `$${i * 8 + n}`;
    return `(${p(1)}::text, ${p(2)}::bigint, ${p(3)}::text, ${p(4)}::uuid, ${p(5)}::text, ${p(6)}::int, ${p(7)}::jsonb, ${p(8)}::jsonb)`;
  });
  return `
WITH appends (s, x, h, id, type, v, data, m) AS (VALUES ${rows.join(',\n  ')})
INSERT INTO es_events (stream_name, stream_revision, event_id, type, schema_version, data, metadata)
SELECT p.s, p.x + 1, p.id, p.type, p.v, p.data, p.m FROM appends p
-- A new stream is one without an event at revision 0; one probe of the (stream_name, stream_revision) key each.
WHERE EXISTS (
  SELECT 1 FROM es_events
  WHERE stream_name = p.s AND stream_revision = greatest(p.x, 0) AND (p.h IS NULL OR metadata->>'hash' = p.h)
) = (p.x >= 0)
RETURNING stream_name AS stream, stream_revision::text AS revision, transaction_id::text AS commit,
          global_position::text AS prepare`;
}

/**
 * The append statements' texts, built once per shape (expected revision kind, chain, batch size: a few dozen in all)
 * instead of on every append: they are prepared statements, so only their names and texts travel.
 */
const texts = new Map<string, string>();
function built(key: string, build: () => string): string {
  let text = texts.get(key);
  if (text === undefined) texts.set(key, (text = build()));
  return text;
}
const kindOf = (expected: 'no_stream' | bigint) => (typeof expected === 'bigint' ? 'exact' : expected);

/** The append's condition: the stream is new, or has the expected revision's event (with the hash chained to). */
function expectationHolds(
  expected: 'no_stream' | bigint,
  chained: boolean,
  revision: string,
  hash: string,
): string {
  if (expected === 'no_stream') return `NOT EXISTS (SELECT 1 FROM es_events WHERE stream_name = $1)`;
  const chain = chained ? ` AND metadata->>'hash' = ${hash}::text` : '';
  return `EXISTS (SELECT 1 FROM es_events WHERE stream_name = $1 AND stream_revision = ${revision}::bigint${chain})`;
}

/** What an append that wrote nothing finds: the stream's revision and which of its event ids are already there. */
export const LOOKUP_SQL = `
SELECT (SELECT max(stream_revision)::text FROM es_events WHERE stream_name = $1) AS current,
       coalesce((SELECT json_agg(json_build_object('id', event_id, 'revision', stream_revision::text,
                                                   'commit', transaction_id::text, 'prepare', global_position::text))
                 FROM es_events WHERE stream_name = $1 AND event_id = ANY($2::uuid[])), '[]') AS found`;

const COLUMNS = `global_position::text AS prepare, transaction_id::text AS commit, stream_name, stream_revision::text AS
  revision, type, schema_version, data, metadata, recorded_at`;

/** The stream's last revision and that event's hash: what an append with 'any' or 'stream_exists' expects and chains to. */
export const STREAM_HEAD_SQL = `
SELECT stream_revision::text AS revision, metadata->>'hash' AS hash FROM es_events
WHERE stream_name = $1 ORDER BY stream_revision DESC LIMIT 1`;

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
