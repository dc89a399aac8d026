import type { Pool, PoolClient } from 'pg';
import { START, type Position } from '../event-store/event-store.port';

/** One row per projection: where it is in the global log, and the state of a rebuild in progress. */
export interface CheckpointRow {
  name: string;
  version: number;
  position: Position;
  eventsProcessed: number;
  updatedAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  rebuild: null | {
    requestedAt: Date;
    version: number;
    position: Position;
    eventsProcessed: number;
    startedAt: Date | null;
  };
}

export const CHECKPOINTS_DDL = `
CREATE TABLE IF NOT EXISTS projection_checkpoints (
  name text PRIMARY KEY,
  version integer NOT NULL,
  commit_position numeric(20) NOT NULL DEFAULT 0,
  prepare_position numeric(20) NOT NULL DEFAULT 0,
  events_processed bigint NOT NULL DEFAULT 0,
  updated_at timestamptz,
  last_error text,
  last_error_at timestamptz,
  rebuild_requested_at timestamptz,
  rebuild_version integer,
  rebuild_commit numeric(20),
  rebuild_prepare numeric(20),
  rebuild_events bigint,
  rebuild_started_at timestamptz
)`;

type Db = Pool | PoolClient;

interface RawRow {
  name: string;
  version: number;
  commit_position: string;
  prepare_position: string;
  events_processed: string;
  updated_at: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
  rebuild_requested_at: Date | null;
  rebuild_version: number | null;
  rebuild_commit: string | null;
  rebuild_prepare: string | null;
  rebuild_events: string | null;
  rebuild_started_at: Date | null;
}

const toRow = (r: RawRow): CheckpointRow => ({
  name: r.name,
  version: r.version,
  position: { commit: BigInt(r.commit_position), prepare: BigInt(r.prepare_position) },
  eventsProcessed: Number(r.events_processed),
  updatedAt: r.updated_at,
  lastError: r.last_error,
  lastErrorAt: r.last_error_at,
  rebuild: r.rebuild_requested_at
    ? {
        requestedAt: r.rebuild_requested_at,
        version: r.rebuild_version ?? r.version,
        position: { commit: BigInt(r.rebuild_commit ?? '0'), prepare: BigInt(r.rebuild_prepare ?? '0') },
        eventsProcessed: Number(r.rebuild_events ?? 0),
        startedAt: r.rebuild_started_at,
      }
    : null,
});

export async function ensureCheckpoint(db: Db, name: string, version: number): Promise<CheckpointRow> {
  await db.query(
    `INSERT INTO projection_checkpoints (name, version) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
    [name, version],
  );
  return (await readCheckpoint(db, name))!;
}

export async function readCheckpoint(db: Db, name: string): Promise<CheckpointRow | null> {
  const res = await db.query<RawRow>(`SELECT * FROM projection_checkpoints WHERE name = $1`, [name]);
  return res.rows[0] ? toRow(res.rows[0]) : null;
}

export async function readAllCheckpoints(db: Db): Promise<CheckpointRow[]> {
  const res = await db.query<RawRow>(`SELECT * FROM projection_checkpoints ORDER BY name`);
  return res.rows.map(toRow);
}

/**
 * Moves the live checkpoint, but only from where this runner believes it is: a runner that lost its lock and
 * raced another would update nothing, and its transaction is rolled back (no effect applied twice). Parameters
 * (moveParams): $1 name, $2 $3 from, $4 $5 to, $6 the batch's event count. It answers the row as it leaves it (a
 * rebuild request included), so the runner needs no read before its next batch.
 */
export const MOVE_LIVE_SQL = `UPDATE projection_checkpoints SET commit_position = $4, prepare_position = $5,
  events_processed = events_processed + $6, updated_at = now(), last_error = NULL
WHERE name = $1 AND commit_position = $2 AND prepare_position = $3 RETURNING *`;

/** The rebuild's position, compared-and-set like MOVE_LIVE_SQL, with the same parameters. */
export const MOVE_REBUILD_SQL = `UPDATE projection_checkpoints SET rebuild_commit = $4, rebuild_prepare = $5,
  rebuild_events = rebuild_events + $6
WHERE name = $1 AND rebuild_commit = $2 AND rebuild_prepare = $3 RETURNING *`;

export const moveParams = (name: string, from: Position, to: Position, count: number) => [
  name,
  from.commit.toString(),
  from.prepare.toString(),
  to.commit.toString(),
  to.prepare.toString(),
  count,
];

/** The checkpoint row a move answered; none means it was not where this runner believed. */
export function moved(rows: unknown[], name: string, target: 'live' | 'rebuild'): CheckpointRow {
  if (rows.length !== 1)
    throw new Error(
      target === 'live'
        ? `projection ${name}: checkpoint moved under us; another runner is active`
        : `projection ${name}: rebuild checkpoint moved under us`,
    );
  return toRow(rows[0] as RawRow);
}

/** Moves the live checkpoint on its own (MOVE_LIVE_SQL): what a reactor does once a batch has reacted. */
export async function advanceCheckpoint(
  client: PoolClient,
  name: string,
  from: Position,
  to: Position,
  count: number,
): Promise<CheckpointRow> {
  const res = await client.query<RawRow>({
    name: 'pc_move_live',
    text: MOVE_LIVE_SQL,
    values: moveParams(name, from, to, count),
  });
  return moved(res.rows, name, 'live');
}

export async function requestRebuild(db: Db, name: string, version: number) {
  await db.query(
    `UPDATE projection_checkpoints SET rebuild_requested_at = now(), rebuild_version = $2,
       rebuild_commit = 0, rebuild_prepare = 0, rebuild_events = 0, rebuild_started_at = NULL
     WHERE name = $1 AND rebuild_requested_at IS NULL`,
    [name, version],
  );
}

/** A rebuild from the start for `version`, replacing one in progress (its shadow table is made afresh). */
export async function restartRebuild(db: Db, name: string, version: number) {
  await db.query(
    `UPDATE projection_checkpoints SET rebuild_requested_at = now(), rebuild_version = $2,
       rebuild_commit = 0, rebuild_prepare = 0, rebuild_events = 0, rebuild_started_at = NULL
     WHERE name = $1`,
    [name, version],
  );
}

export async function recordError(db: Db, name: string, message: string) {
  await db.query(`UPDATE projection_checkpoints SET last_error = $2, last_error_at = now() WHERE name = $1`, [
    name,
    message.slice(0, 2000),
  ]);
}

export { START };
