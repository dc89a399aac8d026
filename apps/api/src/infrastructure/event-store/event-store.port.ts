import type { DomainEvent, EventMetadata } from '@credence/domain';

/**
 * A position in the global log, comparable across the whole store. Shaped like EventStoreDB's own Position so
 * both adapters speak it natively: for PostgreSQL, `commit` is the appending transaction's id (xid8) and
 * `prepare` the event's sequence number; ordering is by (commit, prepare).
 */
export interface Position {
  commit: bigint;
  prepare: bigint;
}

export const START: Position = { commit: 0n, prepare: 0n };

export const comparePositions = (a: Position, b: Position): number =>
  a.commit === b.commit ? Number(a.prepare - b.prepare) : a.commit < b.commit ? -1 : 1;

/** 'no_stream': the stream must not exist; 'any': no check; a bigint: the revision of the stream's last event. */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | bigint;

export interface EventToAppend extends DomainEvent {
  metadata: EventMetadata;
}

export interface RecordedEvent extends DomainEvent {
  streamName: string;
  /** 0-based position of the event inside its stream. */
  revision: bigint;
  position: Position;
  metadata: EventMetadata;
  /** When the store recorded it. */
  recordedAt: Date;
  /**
   * The event's hash, chained to the stream's previous event (stored in its metadata; readStream and readAll give it
   * here and leave the metadata as the domain wrote it, readStoredStream gives the metadata as stored).
   */
  hash?: string;
}

export interface AppendResult {
  /** Revision of the stream's last event after the append (pass it as the next expected revision). */
  nextExpectedRevision: bigint;
  /** Position of the last appended event: wait for a projection checkpoint to reach it. */
  position: Position;
}

/** A revision mismatch: another writer got there first. The HTTP layer answers 409. */
export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamName}: expected revision ${String(expected)}, found ${String(actual)}`);
  }
}

/** A retry that is not a faithful one: some of its event ids are already in the stream, others are not. Appending
 * it would either duplicate events or half-apply a command, so nothing is appended. */
export class EventIdConflictError extends Error {
  override readonly name = 'EventIdConflictError';
  constructor(
    readonly streamName: string,
    readonly presentEventIds: string[],
    readonly missingEventIds: string[],
  ) {
    super(
      `Stream ${streamName}: ${presentEventIds.length} of ${presentEventIds.length + missingEventIds.length} events ` +
        `are already in the stream (${presentEventIds.join(', ')}); a retry must resend exactly the original events`,
    );
  }
}

export interface SubscriptionHandler {
  /** Called once per event, in global order; the subscription waits for it before delivering the next. */
  (event: RecordedEvent): Promise<void>;
}

export interface Subscription {
  /** Stops delivering; resolves once the handler in flight (if any) has finished. */
  stop(): Promise<void>;
  /** Resolves when the subscription ends because of an error (or never, if it is stopped cleanly). */
  readonly failed: Promise<Error>;
}

export interface EventStore {
  /** Appends all events atomically, checking the expected revision. Events whose eventId is already in the
   * stream make the whole append a no-op that answers the original result (an idempotent retry). */
  append(streamName: string, events: EventToAppend[], expected: ExpectedRevision): Promise<AppendResult>;
  /** Reads one stream forwards from a revision (inclusive), upcast to current schema versions. */
  readStream(streamName: string, options?: { fromRevision?: bigint; maxCount?: number }): Promise<RecordedEvent[]>;
  /**
   * Reads one stream exactly as stored, not upcast: the form its hash chain covers (audit replays and exports).
   * Every event's metadata carries `hash`, chained to the event before it (see hash-chain.ts).
   */
  readStoredStream(streamName: string, options?: { fromRevision?: bigint; maxCount?: number }): Promise<RecordedEvent[]>;
  /** Reads the global log after a position (exclusive), in global order, only what is safe to see: never an
   * event that a transaction still in flight could later place before it. */
  readAll(options?: { after?: Position; maxCount?: number }): Promise<RecordedEvent[]>;
  /** Catch-up subscription to the global log after a stored position, then live. */
  subscribeToAll(options: { after?: Position; handler: SubscriptionHandler; batchSize?: number }): Subscription;
  /** Position of the newest event that is safe to read (START when the log is empty). */
  headPosition(): Promise<Position>;
  /** Creates tables or checks the connection; called once at start-up. */
  init(): Promise<void>;
  close(): Promise<void>;
}

export const EVENT_STORE = Symbol('EVENT_STORE');
