import { randomUUID } from 'node:crypto';
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
import { PgNotifyBatcher } from './pg-notify-batcher';
import {
  APPEND_MANY_SQL,
  appendManyOneSql,
  appendOneSql,
  appendSql,
  HASH_AT_SQL,
  HEAD_SQL,
  INIT_LOCK_KEY,
  LOOKUP_SQL,
  NOTIFY_CHANNEL,
  NOTIFY_SQL,
  READ_ALL_SQL,
  READ_STREAM_SQL,
  SCHEMA_SQL,
  STREAM_HEAD_SQL,
} from './postgres-event-store.sql';
import { UpcasterRegistry } from './upcasters';
import { checkAppend } from './append-checks';
import { chainEvents, GENESIS_HASH, StreamHeadCache, type ChainedEvent } from './hash-chain';
import { GroupCommit } from './group-commit';
import { chainExistingEvents } from './postgres-hash-chain-migration';
import { headRetryPause, StreamTurns } from './stream-turns';

export interface PostgresEventStoreOptions {
  upcasters?: UpcasterRegistry;
  /** Subscriptions read again after this long without a NOTIFY: xmin can advance without one (default 1000). */
  pollIntervalMs?: number;
  warn?: (message: string) => void;
  log?: (message: string) => void;
  /**
   * Chain every appended event's hash to the one before it (default true). Off only for the benchmark that
   * measures what the chain costs; the append-path of the product always chains.
   */
  hashChain?: boolean;
  /**
   * Group commit (group-commit.ts): how many append statements may run at once before later appends queue and go
   * out together (default 4). A benchmark knob; 1 batches the most, a large number turns group commit off.
   */
  appendsInFlight?: number;
}

/** How often an append with 'any' re-reads the stream's head when another writer moved it meanwhile. */
const HEAD_RETRIES = 20;

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

/** One append as group commit queues it: its events (chained, or not when the chain is off) and expectation. */
interface AppendJob {
  streamName: string;
  events: EventToAppend[] | ChainedEvent[];
  ids: string[];
  expected: 'no_stream' | bigint;
  prevHash?: string;
}

/** What an append statement answers: its last event's revision and position. */
interface AppendRow {
  revision: string;
  commit: string;
  prepare: string;
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
  private readonly log: (message: string) => void;
  private readonly listener: PgNotificationListener;
  private readonly notifier: PgNotifyBatcher;
  private readonly subscriptions = new Set<Subscription>();
  private readonly hashChain: boolean;
  private readonly heads = new StreamHeadCache();
  private readonly turns = new StreamTurns();
  private readonly commits: GroupCommit<AppendJob, AppendRow | undefined>;

  constructor(
    private readonly pool: Pool,
    options: PostgresEventStoreOptions = {},
  ) {
    this.upcasters = options.upcasters ?? new UpcasterRegistry();
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.warn = options.warn ?? (() => undefined);
    this.log = options.log ?? (() => undefined);
    this.hashChain = options.hashChain ?? true;
    this.commits = new GroupCommit<AppendJob, AppendRow | undefined>({
      runOne: (job) => this.appendAlone(this.pool, job),
      runMany: (jobs) => this.appendTogether(jobs),
      key: (job) => job.streamName,
      maxInFlight: options.appendsInFlight,
    });
    // Appends here wake this store's subscribers at once; its NOTIFYs are for other processes, and their echo would
    // only wake every local subscriber again to read nothing new.
    const id = randomUUID();
    this.listener = new PgNotificationListener(() => new Client(pool.options), NOTIFY_CHANNEL, this.warn, id);
    this.notifier = new PgNotifyBatcher(() => this.pool.query(NOTIFY_SQL, [id]), this.warn);
  }

  /** Creates the tables; the advisory lock keeps concurrent starters from tripping over each other's DDL. */
  async init(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [BigInt(INIT_LOCK_KEY).toString()]);
      await client.query(SCHEMA_SQL);
      const chained = await chainExistingEvents(client);
      await client.query('COMMIT');
      if (chained && chained.events > 0) {
        this.log(
          `hash chain migration: chained ${chained.events} existing events of ${chained.streams} streams`,
        );
      }
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async append(
    streamName: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    const result = await this.appendOn(this.pool, streamName, events, expected);
    // Committed (one autocommit statement): wake this process's subscribers now, the others' by a NOTIFY.
    this.listener.wakeLocal(result.position);
    this.notifier.poke();
    return result;
  }

  /**
   * The same append inside a transaction the caller runs on its own client (BEGIN ... COMMIT). For tests that hold
   * a transaction open to show readers wait for it; also usable to append together with other writes. A clash of
   * event ids, or of revisions with an append that got there first, aborts the caller's transaction, so there it
   * surfaces as PostgreSQL's unique violation. Subscribers
   * find these events by polling (or the next append's wake-up): only the caller knows when it commits.
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
    if (expected === 'no_stream')
      return this.writeChained(db, streamName, events, ids, expected, GENESIS_HASH);
    if (typeof expected === 'bigint') return this.appendExact(db, streamName, events, ids, expected);
    // 'any' and 'stream_exists': chain to the stream's head as it is now, and append expecting exactly it. This
    // process's own appends to one stream take turns (they would only race each other for the same head); other
    // processes' moves are met by reading the head again, after a short random wait that lets the winner finish.
    return this.turns.run(streamName, async () => {
      for (let attempt = 0; ; attempt++) {
        const { rows } = await db.query<{ revision: string; hash: string | null }>({
          name: 'es_stream_head',
          text: STREAM_HEAD_SQL,
          values: [streamName],
        });
        try {
          if (rows.length === 0) {
            if (expected === 'stream_exists')
              throw new WrongExpectedRevisionError(streamName, expected, 'no_stream');
            return await this.writeChained(db, streamName, events, ids, 'no_stream', GENESIS_HASH);
          }
          const head = BigInt(rows[0].revision);
          return await this.writeChained(db, streamName, events, ids, head, rows[0].hash ?? GENESIS_HASH);
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError) || error.expected === expected) throw error;
          if (attempt >= HEAD_RETRIES)
            throw new WrongExpectedRevisionError(streamName, expected, error.actual);
          await headRetryPause(attempt);
        }
      }
    });
  }

  /** An exact expected revision: chain to that event's hash, known from an earlier read or append, else looked up. */
  private async appendExact(
    db: Queryable,
    streamName: string,
    events: EventToAppend[],
    ids: string[],
    expected: bigint,
  ) {
    if (!this.hashChain) return this.write(db, streamName, events, ids, expected);
    const cached = this.heads.get(streamName, expected);
    try {
      return await this.writeChained(
        db,
        streamName,
        events,
        ids,
        expected,
        cached ?? (await this.hashAt(db, streamName, expected)),
      );
    } catch (error) {
      // The revision held but not the hash we chained to: a remembered head that is not the stored one. Look it up.
      if (!(cached && error instanceof WrongExpectedRevisionError && error.actual === expected)) throw error;
      this.heads.forget(streamName);
      return this.writeChained(
        db,
        streamName,
        events,
        ids,
        expected,
        await this.hashAt(db, streamName, expected),
      );
    }
  }

  private async hashAt(db: Queryable, streamName: string, revision: bigint): Promise<string> {
    const { rows } = await db.query<{ hash: string | null }>({
      name: 'es_hash_at',
      text: HASH_AT_SQL,
      values: [streamName, revision.toString()],
    });
    // No such event: the append's revision check refuses it and says what the stream's revision is.
    return rows[0]?.hash ?? GENESIS_HASH;
  }

  /** Hashes the events onto prevHash (unless the chain is off) and writes them expecting `expected`. */
  private async writeChained(
    db: Queryable,
    streamName: string,
    events: EventToAppend[],
    ids: string[],
    expected: 'no_stream' | bigint,
    prevHash: string,
  ): Promise<AppendResult> {
    if (!this.hashChain) return this.write(db, streamName, events, ids, expected);
    const first = expected === 'no_stream' ? 0n : expected + 1n;
    const chained = chainEvents(prevHash, first, events);
    const result = await this.write(db, streamName, chained.events, ids, expected, prevHash);
    // Only what is committed may be remembered: a caller's transaction (appendWithin) can still roll back.
    if (db === this.pool && result.nextExpectedRevision === first + BigInt(events.length) - 1n) {
      this.heads.remember(streamName, result.nextExpectedRevision, chained.lastHash);
    }
    return result;
  }

  private async write(
    db: Queryable,
    streamName: string,
    events: EventToAppend[] | ChainedEvent[],
    ids: string[],
    expected: 'no_stream' | bigint,
    prevHash?: string,
  ): Promise<AppendResult> {
    const job: AppendJob = { streamName, events, ids, expected, prevHash };
    // On the pool, appends share commits when several are waiting (group commit); in a caller's transaction, alone.
    const row = db === this.pool ? await this.commits.submit(job) : await this.appendAlone(db, job);
    return row ? toResult(row) : this.explainEmptyAppend(db, streamName, ids, expected);
  }

  /**
   * One append as its own statement. Undefined when it wrote nothing: its expectation did not hold, or (on the pool)
   * a revision or event id it needed was taken; the caller then asks why.
   */
  private async appendAlone(db: Queryable, job: AppendJob): Promise<AppendRow | undefined> {
    const { streamName, events, ids, expected, prevHash } = job;
    // Chained onto an existing event: the append holds only if that event's hash is the one chained to.
    const checksHash = prevHash !== undefined && typeof expected === 'bigint';
    const kind = `${typeof expected === 'bigint' ? 'exact' : expected}${checksHash ? '_chained' : ''}`;
    const tail: unknown[] = [];
    if (typeof expected === 'bigint') tail.push(expected.toString());
    if (checksHash) tail.push(prevHash);
    // One event (most appends): its fields as parameters; several: one JSON array, unpacked in order.
    const [one] = events;
    const statement =
      events.length === 1
        ? {
            name: `es_append_one_${kind}`,
            text: appendOneSql(expected, checksHash),
            values: [streamName, ids[0], one.type, one.schemaVersion, dataJson(one), metadataJson(one), ...tail],
          }
        : {
            name: `es_append_${kind}`,
            text: appendSql(expected, checksHash),
            values: [streamName, `[${events.map((e, i) => eventJson(e, ids[i], '')).join(',')}]`, ...tail],
          };
    try {
      // Named, so each connection plans the statement once: planning it every time halves throughput.
      const { rows } = await db.query<AppendRow>(statement);
      return rows[0];
    } catch (error) {
      // A revision after the expected one is taken (the stream went on), or some of these ids are already in the
      // stream (a retry). Only answerable outside the failed transaction: in a caller's, PostgreSQL's error stands.
      const conflict =
        isUniqueViolation(error, 'es_events_stream_event_id_key') ||
        isUniqueViolation(error, 'es_events_stream_revision_key');
      if (!(conflict && db === this.pool)) throw error;
      return undefined;
    }
  }

  /** Appends to different streams as one statement (group commit); each answer as appendAlone's. */
  private async appendTogether(jobs: AppendJob[]): Promise<(AppendRow | undefined)[]> {
    const appends = jobs.map((j) => ({
      s: j.streamName,
      x: j.expected === 'no_stream' ? '-1' : j.expected.toString(),
      h: j.prevHash !== undefined && typeof j.expected === 'bigint' ? j.prevHash : null,
    }));
    const statement = jobs.every((j) => j.events.length === 1)
      ? {
          name: `es_append_many_one_${jobs.length}`,
          text: appendManyOneSql(jobs.length),
          values: jobs.flatMap((j, a) => {
            const [e] = j.events;
            const { x, h } = appends[a];
            return [j.streamName, x, h, j.ids[0], e.type, e.schemaVersion, dataJson(e), metadataJson(e)];
          }),
        }
      : {
          name: 'es_append_many',
          text: APPEND_MANY_SQL,
          values: [
            JSON.stringify(appends),
            `[${jobs.flatMap((j, a) => j.events.map((e, i) => eventJson(e, j.ids[i], `"a":${a},"i":${i + 1},`))).join(',')}]`,
          ],
        };
    const { rows } = await this.pool.query<AppendRow & { stream: string }>(statement);
    const byStream = new Map(rows.map((r) => [r.stream, r]));
    return jobs.map((j) => byStream.get(j.streamName));
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
    const rows = await this.readStreamRows(streamName, options);
    return rows.map((row) => this.toRecorded(row));
  }

  /** The stream exactly as stored, not upcast: what its hashes cover (audits, exports). */
  async readStoredStream(streamName: string, options: { fromRevision?: bigint; maxCount?: number } = {}) {
    const rows = await this.readStreamRows(streamName, options);
    return rows.map((row) => this.toRecorded(row, false));
  }

  private async readStreamRows(streamName: string, options: { fromRevision?: bigint; maxCount?: number }) {
    const { rows } = await this.pool.query<EventRow>({
      name: 'es_read_stream',
      text: READ_STREAM_SQL,
      values: [streamName, (options.fromRevision ?? 0n).toString(), options.maxCount ?? null],
    });
    const last = rows[rows.length - 1];
    // What a command handler reads before it appends: its append will chain to this without a lookup.
    if (last)
      this.heads.remember(streamName, BigInt(last.revision), (last.metadata as { hash?: string }).hash);
    return rows;
  }

  async readAll(options: { after?: Position; maxCount?: number } = {}): Promise<RecordedEvent[]> {
    return this.readAllFrom(this.pool, options);
  }

  /**
   * readAll on a connection the caller holds (a projection runner's own), when that connection reaches the database
   * the events are in; undefined otherwise. A runner reading through the pool waited for a free connection behind
   * the requests (readAll p99 30 ms against p50 0.4 ms in the projection-latency bench).
   */
  async readerOn(client: Queryable): Promise<ReadAllOn | undefined> {
    const [mine, theirs] = await Promise.all([databaseIdentity(this.pool), databaseIdentity(client)]);
    return mine === theirs ? (options = {}) => this.readAllFrom(client, options) : undefined;
  }

  private async readAllFrom(db: Queryable, options: { after?: Position; maxCount?: number }) {
    const after = options.after ?? START;
    const { rows } = await db.query<EventRow>({
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
  onAppended(listener: (position?: Position) => void): () => void {
    return this.listener.add(listener);
  }

  async headPosition(): Promise<Position> {
    const { rows } = await this.pool.query<{ commit: string; prepare: string }>(HEAD_SQL);
    return rows.length ? { commit: BigInt(rows[0].commit), prepare: BigInt(rows[0].prepare) } : START;
  }

  /** Stops subscriptions and the LISTEN connection; the pool belongs to the caller. */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.notifier.close();
    await this.listener.close();
  }

  /** For tests: the backend pid of the LISTEN connection, once connected. */
  get listenerPid(): number | undefined {
    return this.listener.pid;
  }

  private toRecorded(row: EventRow, upcast = true): RecordedEvent {
    const stored = { type: row.type, schemaVersion: row.schema_version, data: row.data };
    const { type, schemaVersion, data } = upcast ? this.upcasters.upcast(stored) : stored;
    const hash = (row.metadata as { hash?: string }).hash;
    return {
      type,
      schemaVersion,
      data,
      streamName: row.stream_name,
      revision: BigInt(row.revision),
      position: { commit: BigInt(row.commit), prepare: BigInt(row.prepare) },
      metadata: upcast ? withoutHash(row.metadata) : row.metadata,
      recordedAt: row.recorded_at,
      ...(hash ? { hash } : {}),
    };
  }
}

/** An event's data as the JSON text to send: the canonical text its hash covers when chained. */
const dataJson = (e: EventToAppend | ChainedEvent): string =>
  'dataJson' in e ? e.dataJson : JSON.stringify(e.data ?? null);
const metadataJson = (e: EventToAppend | ChainedEvent): string =>
  'metadataJson' in e ? e.metadataJson : JSON.stringify(e.metadata);

/** One event of an append statement's JSON array: {...prefix, id, type, v, data, m}. */
const eventJson = (e: EventToAppend | ChainedEvent, id: string, prefix: string): string =>
  `{${prefix}"id":${JSON.stringify(id)},"type":${JSON.stringify(e.type)},"v":${JSON.stringify(e.schemaVersion ?? null)},` +
  `"data":${dataJson(e)},"m":${metadataJson(e)}}`;

export type ReadAllOn = (options?: { after?: Position; maxCount?: number }) => Promise<RecordedEvent[]>;

/** Which server (by its start time and port) and database a connection reaches. */
async function databaseIdentity(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT concat_ws(' ', current_database(), pg_postmaster_start_time(), inet_server_addr(), inet_server_port()) AS id`,
  );
  return rows[0].id;
}

const withoutHash = (metadata: EventMetadata): EventMetadata => {
  if (!('hash' in metadata)) return metadata;
  const { hash: _hash, ...rest } = metadata as EventMetadata & { hash?: string };
  return rest;
};

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
