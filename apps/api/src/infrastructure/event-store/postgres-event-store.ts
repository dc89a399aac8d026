import type { EventMetadata } from '@credence/domain';
import { Client, type Pool, type PoolClient } from 'pg';
import { CatchUpSubscription } from './catch-up-subscription';
import {
  EventIdConflictError,
  START,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type Position,
  type RecordedEvent,
  type Subscription,
  type SubscriptionHandler,
} from './event-store.port';
import { PgNotificationListener } from './pg-notification-listener';
import {
  appendSql,
  HEAD_SQL,
  INIT_LOCK_KEY,
  LOOKUP_SQL,
  NOTIFY_CHANNEL,
  READ_ALL_SQL,
  READ_STREAM_SQL,
  SCHEMA_SQL,
} from './postgres-event-store.sql';
import { UpcasterRegistry } from './upcasters';
import { checkAppend } from './append-checks';

export interface PostgresEventStoreOptions {
  upcasters?: UpcasterRegistry;
  /** Subscriptions read again after this long without a NOTIFY: xmin can advance without one (default 1000). */
  pollIntervalMs?: number;
  warn?: (message: string) => void;
}

type Queryable = Pick<Pool, 'query'>;

interface EventRow {
  prepare: string;
  commit: string;
  stream_name: string;
  revision: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

interface FoundEvent {
  id: string;
  revision: string;
  commit: string;
  prepare: string;
}

/** The event store on PostgreSQL, with raw SQL over the application's pool (which it does not own or end). */
export class PostgresEventStore implements EventStore {
  private readonly upcasters: UpcasterRegistry;
  private readonly pollIntervalMs: number;
  private readonly warn: (message: string) => void;
  private readonly listener: PgNotificationListener;
  private readonly subscriptions = new Set<Subscription>();

  constructor(
    private readonly pool: Pool,
    options: PostgresEventStoreOptions = {},
  ) {
    this.upcasters = options.upcasters ?? new UpcasterRegistry();
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.warn = options.warn ?? (() => undefined);
    this.listener = new PgNotificationListener(() => new Client(pool.options), NOTIFY_CHANNEL, this.warn);
  }

  /** Creates the tables; the advisory lock keeps concurrent starters from tripping over each other's DDL. */
  async init(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [BigInt(INIT_LOCK_KEY).toString()]);
      await client.query(SCHEMA_SQL);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  append(streamName: string, events: EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    return this.appendOn(this.pool, streamName, events, expected);
  }

  /**
   * The same append inside a transaction the caller runs on its own client (BEGIN ... COMMIT). For tests that hold
   * a transaction open to show readers wait for it; also usable to append together with other writes. A clash of
   * event ids aborts the caller's transaction, so there it surfaces as PostgreSQL's unique violation.
   */
  appendWithin(
    client: PoolClient | Client,
    streamName: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
  ) {
    return this.appendOn(client, streamName, events, expected);
  }

  private async appendOn(
    db: Queryable,
    streamName: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    const ids = checkAppend(streamName, events, expected);
    const payload = JSON.stringify(
      events.map((e, i) => ({
        id: ids[i],
        type: e.type,
        v: e.schemaVersion,
        data: e.data ?? null,
        m: e.metadata,
      })),
    );
    const params: unknown[] = [streamName, events.length, payload];
    if (typeof expected === 'bigint') params.push(expected.toString());
    try {
      // Named, so each connection plans the statement once: planning it every time halves throughput.
      const { rows } = await db.query<{ revision: string; commit: string; prepare: string }>({
        name: `es_append_${typeof expected === 'bigint' ? 'exact' : expected}`,
        text: appendSql(expected),
        values: params,
      });
      if (rows.length === 1) return toResult(rows[0]);
    } catch (error) {
      // Some of these ids are already in the stream. Only answerable outside the failed transaction.
      if (!(isUniqueViolation(error, 'es_events_stream_event_id_key') && db === this.pool)) throw error;
    }
    return this.explainEmptyAppend(db, streamName, ids, expected);
  }

  /** Nothing was written: either a retry of events already in the stream, or the expected revision was wrong. */
  private async explainEmptyAppend(
    db: Queryable,
    streamName: string,
    ids: string[],
    expected: ExpectedRevision,
  ) {
    const { rows } = await db.query<{ current: string | null; found: FoundEvent[] }>(LOOKUP_SQL, [
      streamName,
      ids,
    ]);
    const { current, found } = rows[0];
    if (found.length === ids.length) {
      const last = found.reduce((a, b) => (BigInt(b.revision) > BigInt(a.revision) ? b : a));
      return toResult(last);
    }
    if (found.length > 0) {
      const present = new Set(found.map((f) => f.id));
      throw new EventIdConflictError(
        streamName,
        ids.filter((id) => present.has(id)),
        ids.filter((id) => !present.has(id)),
      );
    }
    throw new WrongExpectedRevisionError(
      streamName,
      expected,
      current === null ? 'no_stream' : BigInt(current),
    );
  }

  async readStream(streamName: string, options: { fromRevision?: bigint; maxCount?: number } = {}) {
    const { rows } = await this.pool.query<EventRow>({
      name: 'es_read_stream',
      text: READ_STREAM_SQL,
      values: [streamName, (options.fromRevision ?? 0n).toString(), options.maxCount ?? null],
    });
    return rows.map((row) => this.toRecorded(row));
  }

  async readAll(options: { after?: Position; maxCount?: number } = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? START;
    const { rows } = await this.pool.query<EventRow>({
      name: 'es_read_all',
      text: READ_ALL_SQL,
      values: [after.commit.toString(), after.prepare.toString(), options.maxCount ?? null],
    });
    return rows.map((row) => this.toRecorded(row));
  }

  subscribeToAll(options: {
    after?: Position;
    handler: SubscriptionHandler;
    batchSize?: number;
  }): Subscription {
    const subscription = new CatchUpSubscription({
      after: options.after ?? START,
      handler: options.handler,
      batchSize: options.batchSize ?? 100,
      // Through this.readAll, so a subscription sees exactly what readAll promises.
      readBatch: (after, maxCount) => this.readAll({ after, maxCount }),
      onWake: (wake) => this.listener.add(wake),
      pollIntervalMs: this.pollIntervalMs,
      isTransient: isConnectionError,
      warn: this.warn,
      onEnded: () => this.subscriptions.delete(subscription),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  /**
   * Calls the listener after any process commits an append (NOTIFY), for consumers that poll readAll themselves
   * (the projection runner). A hint only: readAll decides what is safe to read.
   */
  onAppended(listener: () => void): () => void {
    return this.listener.add(listener);
  }

  async headPosition(): Promise<Position> {
    const { rows } = await this.pool.query<{ commit: string; prepare: string }>(HEAD_SQL);
    return rows.length ? { commit: BigInt(rows[0].commit), prepare: BigInt(rows[0].prepare) } : START;
  }

  /** Stops subscriptions and the LISTEN connection; the pool belongs to the caller. */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.listener.close();
  }

  /** For tests: the backend pid of the LISTEN connection, once connected. */
  get listenerPid(): number | undefined {
    return this.listener.pid;
  }

  private toRecorded(row: EventRow): RecordedEvent {
    const { type, schemaVersion, data } = this.upcasters.upcast({
      type: row.type,
      schemaVersion: row.schema_version,
      data: row.data,
    });
    return {
      type,
      schemaVersion,
      data,
      streamName: row.stream_name,
      revision: BigInt(row.revision),
      position: { commit: BigInt(row.commit), prepare: BigInt(row.prepare) },
      metadata: row.metadata,
      recordedAt: row.recorded_at,
    };
  }
}

const toResult = (row: { revision: string; commit: string; prepare: string }): AppendResult => ({
  nextExpectedRevision: BigInt(row.revision),
  position: { commit: BigInt(row.commit), prepare: BigInt(row.prepare) },
});

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string };
  return e?.code === '23505' && e.constraint === constraint;
}

/** The database going away or restarting: worth retrying, unlike a bad query. */
export function isConnectionError(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  if (!e) return false;
  if (typeof e.code === 'string') {
    if (e.code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(e.code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN'].includes(e.code))
      return true;
  }
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(
    e.message ?? '',
  );
}
