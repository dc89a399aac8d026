import { DomainError } from '@credence/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Principal } from '../../../common/auth/principal';
import { oneRow } from '../../../common/http/simple-rest';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import type { PortalClient } from '../shared/portal-client';
import { staffActor } from '../shared/staff-actor';
import { MAX_EVENTS_PER_CHUNK, type DebugRecordingChunkDto } from './debug-recording.dto';
import { debugRecordingsResource } from './debug-recordings.resource';

/** A recording's id: 128 random bits made by the recorder, in hex; the only way to write to it. */
export const RECORDING_ID = /^[0-9a-f]{32}$/;
/** One chunk's events, as JSON: a full page snapshot is the big one (a few hundred kB for the portal). */
export const MAX_CHUNK_BYTES = 4 * 1000 * 1000;
/** One recording in all: a long support session, not an unbounded store. */
export const MAX_RECORDING_BYTES = 40 * 1000 * 1000;
/** How long recordings are kept (they show what was on the customer's screen). */
export const RECORDING_RETENTION_DAYS = 14;

export const RECORDING_NOT_FOUND = 'Debug recording not found.';
export const RECORDING_FULL = 'This debug recording is full. Please start a new one.';
export const CHUNK_TOO_LARGE = 'This part of the recording is too large.';
export const CHUNK_UNREADABLE = 'This part of the recording could not be read.';

const NOT_EVENTS = 'events must be a list of recorded events';

/** A chunk's events as JSON text, from `events` or from `payload` (checked to be a list of at most 5000 objects). */
function eventsJson(chunk: DebugRecordingChunkDto): string {
  if (chunk.events && chunk.payload === undefined) return JSON.stringify(chunk.events);
  if (chunk.events || chunk.payload === undefined)
    throw new DomainError('invalid', 'Send either events or payload.');
  if (chunk.payload.length > MAX_CHUNK_BYTES) throw new DomainError('invalid', CHUNK_TOO_LARGE);
  let events: unknown;
  try {
    events = JSON.parse(chunk.payload);
  } catch {
    throw new DomainError('invalid', NOT_EVENTS);
  }
  if (
    !Array.isArray(events) ||
    !events.every((e) => typeof e === 'object' && e !== null && !Array.isArray(e))
  ) {
    throw new DomainError('invalid', NOT_EVENTS);
  }
  if (events.length > MAX_EVENTS_PER_CHUNK) {
    throw new DomainError('invalid', `At most ${MAX_EVENTS_PER_CHUNK} events can be sent at once.`);
  }
  return chunk.payload;
}

/** A recording's reason as a number that only goes up: sampled, then error, then debug. */
export const reasonRank = (column: string) =>
  `array_position(ARRAY['sampled', 'error', 'debug']::text[], ${column})`;

/**
 * Debug session recordings (access 2.3), also made for a sample of sessions and for sessions with an error (access
 * 9): the portal's recorder sends its events in numbered chunks to a recording named by its own random id, saying
 * why it records; a resent chunk is taken once. Staff administrators replay and delete them; they are deleted after
 * 14 days whatever happens. Nothing of their content is ever logged.
 */
@Injectable()
export class DebugRecordingsService {
  private readonly logger = new Logger('DebugRecordings');

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly audit: AuditService,
  ) {}

  async append(id: string, chunk: DebugRecordingChunkDto, who: PortalClient): Promise<void> {
    if (!RECORDING_ID.test(id)) throw new DomainError('not-found', RECORDING_NOT_FOUND);
    const json = eventsJson(chunk);
    const bytes = Buffer.byteLength(json);
    if (bytes > MAX_CHUNK_BYTES) throw new DomainError('invalid', CHUNK_TOO_LARGE);
    const client = await this.pool.connect();
    let created = false;
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ bytes: string; created: boolean }>(
        // The reason only goes up (reasonRank): a sampled session that hits an error is kept as one, and one
        // support asked to record (logit=true) is a debug recording whatever it was before.
        `INSERT INTO debug_recordings (id, username, user_agent, app_version, reason) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO UPDATE SET username = COALESCE(debug_recordings.username, EXCLUDED.username),
           reason = CASE WHEN ${reasonRank('EXCLUDED.reason')} > ${reasonRank('debug_recordings.reason')}
             THEN EXCLUDED.reason ELSE debug_recordings.reason END
         RETURNING bytes, (xmax = 0) AS created`,
        [id, who.username, who.userAgent, chunk.appVersion ?? null, chunk.reason ?? 'debug'],
      );
      created = rows[0].created;
      if (Number(rows[0].bytes) + bytes > MAX_RECORDING_BYTES)
        throw new DomainError('unprocessable', RECORDING_FULL);
      const stored = await client.query(
        `INSERT INTO debug_recording_chunks (recording_id, seq, events) VALUES ($1, $2, $3::jsonb) ON CONFLICT DO NOTHING RETURNING seq`,
        [id, chunk.seq, json],
      );
      if (stored.rowCount) {
        await client.query(
          `UPDATE debug_recordings SET bytes = bytes + $2, chunks = chunks + 1, last_at = now() WHERE id = $1`,
          [id, bytes],
        );
      }
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      // PostgreSQL's JSON refuses some text JSON allows (half a surrogate pair, a NUL the input pipe let by): the
      // client's input, not a fault of ours.
      if (['22P02', '22P05'].includes((e as { code?: string }).code ?? ''))
        throw new DomainError('invalid', CHUNK_UNREADABLE);
      throw e;
    } finally {
      client.release();
    }
    if (created) await this.expire();
  }

  /** Deletes the recordings past their retention; run as new ones start, so no job is needed to keep the promise. */
  async expire(): Promise<number> {
    const { rowCount } = await this.pool.query(
      `DELETE FROM debug_recordings WHERE last_at < now() - make_interval(days => $1)`,
      [RECORDING_RETENTION_DAYS],
    );
    if (rowCount)
      this.logger.log(`deleted ${rowCount} debug recording(s) older than ${RECORDING_RETENTION_DAYS} days`);
    return rowCount ?? 0;
  }

  /** The recording and its events in order, for the console's replay. */
  async withEvents(id: string): Promise<Record<string, unknown>> {
    const row = await oneRow(this.pool, debugRecordingsResource, id, 'Debug recording');
    const { rows } = await this.pool.query<{ events: unknown[] }>(
      `SELECT events FROM debug_recording_chunks WHERE recording_id = $1 ORDER BY seq`,
      [id],
    );
    return { ...row, events: rows.flatMap((r) => r.events) };
  }

  async remove(id: string, staff: Principal): Promise<Record<string, unknown>> {
    const before = await oneRow(this.pool, debugRecordingsResource, id, 'Debug recording');
    await this.pool.query(`DELETE FROM debug_recordings WHERE id = $1`, [id]);
    await this.audit.record(
      'DebugRecordingDeleted',
      { recordingId: id, username: before.username },
      staffActor(staff),
    );
    return before;
  }
}
