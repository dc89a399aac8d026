import type { EventMetadata } from '@credence/domain';
import {
  ANY,
  BACKWARDS,
  END,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AppendExpectedRevision,
  type EventStoreDBClient,
  type JSONType,
  type ResolvedEvent,
  type AllStreamResolvedEvent,
} from '@eventstore/db-client';
import { checkAppend } from './append-checks';
import { asError } from './catch-up-subscription';
import {
  comparePositions,
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
import { UpcasterRegistry } from './upcasters';
import { chainEvents, GENESIS_HASH, StreamHeadCache } from './hash-chain';
import { chainHash } from 'credence-verify';
import { headRetryPause, StreamTurns } from './stream-turns';

type StoredMetadata = EventMetadata & { schemaVersion?: number };
type EsdbRecorded = NonNullable<ResolvedEvent['event']>;

const PAGE = 500;
/** How far back an append with 'any' or 'stream_exists' looks for its own events (a retry). */
const RETRY_LOOKBACK = 50;
const isStart = (p: Position) => p.commit === START.commit && p.prepare === START.prepare;
const isSystem = (type: string) => type.startsWith('$');

/**
 * The event store on EventStoreDB. Event ids are the envelope's eventId, so EventStoreDB's own idempotency check
 * recognises a retry; the schema version travels in the event's metadata.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly upcasters: UpcasterRegistry;
  private readonly subscriptions = new Set<EsdbSubscription>();
  private readonly heads = new StreamHeadCache();
  private readonly turns = new StreamTurns();

  constructor(
    private readonly client: EventStoreDBClient,
    options: { upcasters?: UpcasterRegistry } = {},
  ) {
    this.upcasters = options.upcasters ?? new UpcasterRegistry();
  }

  /** Nothing to create: one read proves the server answers. */
  async init(): Promise<void> {
    await this.headPosition();
  }

  /**
   * Appends with each event's hash chained to the one before it in the stream. EventStoreDB cannot be told "the
   * previous event must have this hash", so the append always goes out with an exact expected revision: the event
   * the hashes were chained to is then the stream's last, or EventStoreDB refuses the write.
   */
  async append(
    streamName: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    const ids = checkAppend(streamName, events, expected);
    if (expected === 'no_stream') return this.appendChained(streamName, events, ids, expected, 'no_stream', GENESIS_HASH);
    if (typeof expected === 'bigint') {
      const prev = this.heads.get(streamName, expected) ?? (await this.hashAt(streamName, expected));
      return this.appendChained(streamName, events, ids, expected, expected, prev);
    }
    // 'any' and 'stream_exists': chain to the stream's last event as it is now; another writer in between: again
    // (this process's own appends to the stream take turns; another process's, after a short random pause).
    return this.turns.run(streamName, async () => {
      for (let attempt = 0; ; attempt++) {
        // An exact revision switches EventStoreDB's own duplicate check off: a retry of events already at the tail
        // would be appended again, so look for them first (the port answers such a retry with the original result).
        const tail = await this.readBackwards(streamName, Math.max(RETRY_LOOKBACK, events.length));
        const [last] = tail;
        if (tail.some((e) => ids.includes(e.metadata.eventId.toLowerCase()))) {
          return this.explainConflict(streamName, ids, expected, last.revision);
        }
        try {
          if (!last) {
            if (expected === 'stream_exists') throw new WrongExpectedRevisionError(streamName, expected, 'no_stream');
            return await this.appendChained(streamName, events, ids, expected, 'no_stream', GENESIS_HASH);
          }
          const prev = (last.metadata as { hash?: string }).hash ?? (await this.hashAt(streamName, last.revision));
          return await this.appendChained(streamName, events, ids, expected, last.revision, prev);
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError) || error.expected === expected || attempt >= 20) throw error;
          await headRetryPause(attempt);
        }
      }
    });
  }

  private async appendChained(
    streamName: string,
    events: EventToAppend[],
    ids: string[],
    asked: ExpectedRevision,
    exact: 'no_stream' | bigint,
    prevHash: string,
  ): Promise<AppendResult> {
    const first = exact === 'no_stream' ? 0n : exact + 1n;
    const chained = chainEvents(prevHash, first, events);
    const data = chained.events.map((e, i) =>
      jsonEvent({
        id: ids[i],
        type: e.type,
        data: (e.data ?? null) as JSONType,
        metadata: { ...e.metadata, schemaVersion: e.schemaVersion } satisfies StoredMetadata,
      }),
    );
    try {
      const result = await this.client.appendToStream(streamName, data, {
        expectedRevision: toEsdbRevision(exact),
      });
      const position = result.position ?? (await this.positionOf(streamName, result.nextExpectedRevision));
      if (result.nextExpectedRevision === first + BigInt(events.length) - 1n) {
        this.heads.remember(streamName, result.nextExpectedRevision, chained.lastHash);
      }
      return { nextExpectedRevision: result.nextExpectedRevision, position };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      // EventStoreDB only treats a write as a retry when it comes with the original expected revision. A retry
      // sent after the stream moved on lands here: answer it as the port promises if its events are all there.
      // ('any' went out as an exact revision: its conflict is reported as the exact one, and retried by append.)
      return this.explainConflict(streamName, ids, asked === exact || typeof asked === 'bigint' ? asked : exact, error.actualVersion);
    }
  }

  /** The hash of the event at a revision; events written before the chain existed get theirs computed. */
  private async hashAt(streamName: string, revision: bigint): Promise<string> {
    const [event] = await this.readStoredStream(streamName, { fromRevision: revision, maxCount: 1 });
    if (!event || event.revision !== revision) return GENESIS_HASH; // EventStoreDB refuses the append and says why
    const stored = (event.metadata as { hash?: string }).hash;
    if (stored) return stored;
    // EventStoreDB's events are immutable, so unlike PostgreSQL's they cannot be given their hashes in place.
    let prev = GENESIS_HASH;
    for (const e of await this.readStoredStream(streamName, { maxCount: Number(revision) + 1 })) {
      prev = (e.metadata as { hash?: string }).hash ?? chainHash(prev, { ...e, data: e.data ?? null });
    }
    return prev;
  }

  private async readBackwards(streamName: string, maxCount: number): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamName, { direction: BACKWARDS, fromRevision: END, maxCount })) {
        if (resolved.event) out.push(this.toRecorded(resolved.event, resolved.commitPosition, false));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  private async explainConflict(
    streamName: string,
    ids: string[],
    expected: ExpectedRevision,
    actual: bigint | 'no_stream',
  ): Promise<AppendResult> {
    const wanted = new Set(ids);
    // Aggregate streams are short, and this path only runs on a conflict.
    const found = (await this.readStream(streamName)).filter((e) =>
      wanted.has(e.metadata.eventId.toLowerCase()),
    );
    if (found.length === ids.length) {
      const last = found[found.length - 1];
      return { nextExpectedRevision: last.revision, position: last.position };
    }
    if (found.length > 0) {
      const present = new Set(found.map((e) => e.metadata.eventId.toLowerCase()));
      throw new EventIdConflictError(
        streamName,
        ids.filter((id) => present.has(id)),
        ids.filter((id) => !present.has(id)),
      );
    }
    throw new WrongExpectedRevisionError(streamName, expected, actual);
  }

  /** Servers before 22.6 leave the position out of an append's answer: read it from the event itself. */
  private async positionOf(streamName: string, revision: bigint): Promise<Position> {
    const [event] = await this.readStream(streamName, { fromRevision: revision, maxCount: 1 });
    if (!event) throw new Error(`Stream ${streamName}: revision ${revision} was appended but cannot be read`);
    return event.position;
  }

  readStream(streamName: string, options: { fromRevision?: bigint; maxCount?: number } = {}) {
    return this.read(streamName, options, true);
  }

  /** The stream exactly as stored (not upcast): what its hashes cover. */
  readStoredStream(streamName: string, options: { fromRevision?: bigint; maxCount?: number } = {}) {
    return this.read(streamName, options, false);
  }

  private async read(streamName: string, options: { fromRevision?: bigint; maxCount?: number }, upcast: boolean) {
    const out: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamName, {
        direction: FORWARDS,
        fromRevision: options.fromRevision ?? ESDB_START,
        maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
      });
      for await (const resolved of read) {
        if (resolved.event) out.push(this.toRecorded(resolved.event, resolved.commitPosition, upcast));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    const last = out[out.length - 1];
    if (last) this.heads.remember(streamName, last.revision, (last.metadata as { hash?: string }).hash);
    return out;
  }

  /** $all from a position is inclusive in EventStoreDB and holds system events: both are skipped here. */
  async readAll(options: { after?: Position; maxCount?: number } = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? START;
    const maxCount = options.maxCount ?? Infinity;
    const out: RecordedEvent[] = [];
    let from = after;
    for (;;) {
      const read = this.client.readAll({
        direction: FORWARDS,
        fromPosition: isStart(from) ? ESDB_START : from,
        maxCount: PAGE,
      });
      let seen = 0;
      for await (const resolved of read) {
        seen++;
        const event = resolved.event;
        if (!event) continue;
        from = event.position;
        if (isSystem(event.type) || (!isStart(after) && comparePositions(event.position, after) <= 0))
          continue;
        out.push(this.toRecorded(event, resolved.commitPosition));
        if (out.length >= maxCount) {
          await read.cancel();
          return out;
        }
      }
      if (seen < PAGE) return out;
    }
  }

  subscribeToAll(options: {
    after?: Position;
    handler: SubscriptionHandler;
    batchSize?: number;
  }): Subscription {
    const subscription = new EsdbSubscription(
      this.client,
      options.after ?? START,
      options.handler,
      (event, commitPosition) => this.toRecorded(event, commitPosition),
      () => this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<Position> {
    let from: Position | undefined;
    for (;;) {
      const read = this.client.readAll({ direction: BACKWARDS, fromPosition: from ?? END, maxCount: PAGE });
      let seen = 0;
      for await (const resolved of read) {
        seen++;
        const event = resolved.event;
        if (!event) continue;
        if (!isSystem(event.type)) {
          await read.cancel();
          return event.position;
        }
        from = event.position;
      }
      if (seen < PAGE) return START;
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.client.dispose();
  }

  private toRecorded(
    event: EsdbRecorded | AllStreamResolvedEvent['event'],
    commitPosition?: bigint,
    upcasting = true,
  ): RecordedEvent {
    if (!event) throw new Error('toRecorded needs an event');
    const { schemaVersion = 1, ...metadata } = parseMetadata(event.metadata);
    const { hash, ...withoutHash } = metadata as StoredMetadata & { hash?: string };
    const stored = { type: event.type, schemaVersion, data: event.data };
    const upcast = upcasting ? this.upcasters.upcast(stored) : stored;
    return {
      type: upcast.type,
      schemaVersion: upcast.schemaVersion,
      data: upcast.data,
      streamName: event.streamId,
      revision: event.revision,
      // Servers before 22.6 give stream reads only the commit position.
      position: event.position ?? { commit: commitPosition ?? -1n, prepare: commitPosition ?? -1n },
      metadata: (upcasting ? withoutHash : metadata) as EventMetadata,
      recordedAt: event.created,
      ...(hash ? { hash } : {}),
    };
  }
}

/** Written as JSON by append(); events written by other tools may carry it as bytes. */
function parseMetadata(raw: unknown): StoredMetadata {
  if (raw instanceof Uint8Array) return JSON.parse(Buffer.from(raw).toString('utf8')) as StoredMetadata;
  return (raw ?? {}) as StoredMetadata;
}

function toEsdbRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      return expected;
  }
}

const TRANSIENT = new Set(['unavailable', 'deadline-exceeded', 'not-leader', 'timeout', 'cancelled']);
const MAX_RETRY_DELAY_MS = 5000;

/**
 * A catch-up subscription on $all that resubscribes from the last handled position when the connection drops,
 * and hands events to the handler one at a time (the async iterator does not pull the next one before).
 */
class EsdbSubscription implements Subscription {
  readonly failed: Promise<Error>;
  private fail!: (error: Error) => void;
  private stopped = false;
  private current?: ReturnType<EventStoreDBClient['subscribeToAll']>;
  private interruptSleep?: () => void;
  private readonly done: Promise<void>;

  constructor(
    private readonly client: EventStoreDBClient,
    private position: Position,
    private readonly handler: SubscriptionHandler,
    private readonly toRecorded: (
      event: AllStreamResolvedEvent['event'],
      commitPosition?: bigint,
    ) => RecordedEvent,
    onEnded: () => void,
  ) {
    this.failed = new Promise((resolve) => (this.fail = resolve));
    this.done = this.run()
      .catch((error: unknown) => this.fail(asError(error)))
      .finally(onEnded);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.interruptSleep?.();
    await this.current?.unsubscribe().catch(() => undefined);
    await this.done;
  }

  private async run(): Promise<void> {
    let retryDelay = 0;
    while (!this.stopped) {
      const subscription = this.client.subscribeToAll({
        fromPosition: isStart(this.position) ? ESDB_START : this.position,
        filter: excludeSystemEvents(),
      });
      this.current = subscription;
      try {
        for await (const resolved of subscription) {
          if (this.stopped) break;
          const event = resolved.event;
          if (!event || isSystem(event.type)) continue;
          // Guard against a server that starts at the position itself rather than after it.
          if (!isStart(this.position) && comparePositions(event.position, this.position) <= 0) continue;
          await this.handler(this.toRecorded(event, resolved.commitPosition));
          this.position = event.position;
          retryDelay = 0;
        }
      } catch (error) {
        if (this.stopped) return;
        const type = (error as { type?: string }).type;
        if (!type || !TRANSIENT.has(type)) throw error;
      } finally {
        await subscription.unsubscribe().catch(() => undefined);
      }
      // Dropped by the server or the network: resubscribe from the last handled event, backing off.
      if (this.stopped) return;
      retryDelay = Math.min(Math.max(retryDelay * 2, 100), MAX_RETRY_DELAY_MS);
      await this.sleep(retryDelay);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.interruptSleep = undefined;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.interruptSleep = finish;
    });
  }
}
