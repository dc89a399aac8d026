import { decideAll, type Decider, type DomainEvent, type EventMetadata, type TimedEvent } from '@credence/domain';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type ExpectedRevision,
  type Position,
  type RecordedEvent,
} from '../event-store/event-store.port';
import { deriveEventId, stampEvents, type CommandContext } from './event-stamping';

/** How a conflicting append is tried again: up to `retries` more times, each after a jittered, growing pause. */
export interface RetryPolicy {
  retries: number;
  /** The first pause's upper bound; each next one doubles, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * A conflict means another writer appended between our read and our write; deciding again on the new state is
 * all it takes, so a few quick retries settle even a burst of writers on one stream (the credit ledger of a busy
 * account). Bounded, so a stream that never settles answers 409 instead of holding the request.
 */
export const DEFAULT_RETRIES: RetryPolicy = { retries: 10, baseDelayMs: 5, maxDelayMs: 200 };

/** "Full jitter" backoff: a random pause below the attempt's cap, so writers that collided do not collide again. */
export const backoffDelay = (policy: RetryPolicy, attempt: number, random: () => number = Math.random) =>
  Math.floor(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt));

export interface LoadedStream<S> {
  state: S;
  /** What an append after this read must expect: the last event's revision, or 'no_stream'. */
  revision: ExpectedRevision;
  recorded: RecordedEvent[];
}

/** Streams at least this long keep their folded state in the process after a read (see loadStream). */
export const FOLD_CACHE_MIN_EVENTS = 64;
/** At most this many streams are kept (least recently read first out). */
const FOLD_CACHE_STREAMS = 128;

interface Folded {
  decider: unknown;
  state: unknown;
  recorded: RecordedEvent[];
}
const folds = new WeakMap<EventStore, Map<string, Folded>>();

/**
 * A stream folded from the decider's initial state. A stream is one aggregate's (its name says which, and only
 * this loop appends to it), so its events are that decider's events, upcast to their current versions on read.
 *
 * A long stream (a busy account's credit ledger: three events per order) keeps its fold in the process: the next
 * read asks the store only from the last event it saw (inclusive, so the store confirms that event is still the
 * one at that revision; if not, the stream is read whole again) and evolves the kept state with the newer events.
 * Reading and folding the whole ledger at every order made each submission slower than the one before (issue 19's
 * load run: 24 s at p50 after 450 orders). States are never mutated (evolve makes new ones), so callers may share one.
 */
export async function loadStream<C, E extends DomainEvent, S, X>(
  store: EventStore,
  stream: string,
  decider: Decider<C, E, S, X>,
): Promise<LoadedStream<S>> {
  let kept = folds.get(store);
  if (!kept) folds.set(store, (kept = new Map()));
  const hit = kept.get(stream);
  if (hit && hit.decider === decider) {
    const last = hit.recorded[hit.recorded.length - 1];
    const since = await store.readStream(stream, { fromRevision: last.revision });
    if (since[0]?.metadata.eventId === last.metadata.eventId && since[0].revision === last.revision) {
      let state = hit.state as S;
      for (const e of since.slice(1)) state = decider.evolve(state, e as unknown as TimedEvent<E>);
      const recorded = hit.recorded.concat(since.slice(1));
      keep(kept, stream, { decider, state, recorded });
      return { state, revision: recorded[recorded.length - 1].revision, recorded: recorded.slice() };
    }
    kept.delete(stream);
  }
  const recorded = await store.readStream(stream);
  let state = decider.initialState();
  for (const e of recorded) state = decider.evolve(state, e as unknown as TimedEvent<E>);
  if (recorded.length >= FOLD_CACHE_MIN_EVENTS) keep(kept, stream, { decider, state, recorded });
  return { state, revision: recorded.length ? recorded[recorded.length - 1].revision : 'no_stream', recorded: recorded.slice() };
}

/** Keeps a fold unless a newer one of the stream is kept already (concurrent readers finish in any order). */
function keep(kept: Map<string, Folded>, stream: string, fold: Folded) {
  const now = kept.get(stream);
  if (now && now.decider === fold.decider && now.recorded.length > fold.recorded.length) return;
  kept.delete(stream);
  kept.set(stream, fold);
  if (kept.size > FOLD_CACHE_STREAMS) kept.delete(kept.keys().next().value as string);
}

export type StampedEvent<E extends DomainEvent> = E & { metadata: EventMetadata };

export interface HandleCommandOptions<C, E extends DomainEvent, S, X = undefined> {
  stream: string;
  decider: Decider<C, E, S, X>;
  /** One command, several in a row (each decided on the state the previous left), or built from the state. */
  command: C | readonly C[] | ((state: S) => C | readonly C[]);
  /** Who acts, and the command id the event ids derive from. `tenantId` may come from the state after the events. */
  context: Omit<CommandContext, 'tenantId'> & { tenantId?: string | ((state: S) => string | undefined) };
  /** What the decider's decide takes besides command and state, when it takes anything. */
  decisionContext?: X;
  /** How conflicts are retried (DEFAULT_RETRIES). 0: answer the conflict at once. */
  retries?: number | RetryPolicy;
  /**
   * The revision the caller decided on (it read the stream itself, and acted on what it saw, e.g. took a payment):
   * the append expects it, and a conflict is answered, never decided again on a state the caller has not seen.
   */
  expectedRevision?: ExpectedRevision;
  /** The clock (tests). */
  now?: () => Date;
  /** Pauses between attempts (tests). */
  sleep?: (ms: number) => Promise<void>;
}

export interface CommandResult<E extends DomainEvent, S> {
  stream: string;
  /** The state after the command. */
  state: S;
  /** The events appended, with their ids and metadata; empty when the command decided nothing new. */
  events: StampedEvent<E>[];
  /** The revision of the stream's last event after the command ('no_stream' for a stream still empty). */
  nextExpectedRevision: ExpectedRevision;
  /** Where the last appended event sits in the global log (wait for projections to reach it), or null. */
  position: Position | null;
  /** How many attempts lost to a concurrent writer before this one succeeded. */
  conflicts: number;
  /** The command had been handled before (its events are in the stream): `events` are those, nothing was
   * decided or appended now, and side effects that follow an append must not run again. */
  replayed: boolean;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The one command-handling loop (emmett's CommandHandler): load the stream, decide, stamp the events with their
 * ids and metadata, append expecting the revision that was read; when another writer got there first, wait a
 * little and do it all again on the new state, a bounded number of times.
 *
 * Idempotency: event ids derive from the command id. A command replayed after it succeeded is recognised in the
 * stream (its first event id is there) and answered with what it appended then, without deciding again; two
 * copies racing decide the same events with the same ids, and the store makes the second append a no-op that
 * answers the first one's position. Every attempt of one command stamps the same ids: a conflicting attempt
 * appended nothing, so its ids are still free.
 */
export async function handleCommand<C, E extends DomainEvent, S, X = undefined>(
  store: EventStore,
  options: HandleCommandOptions<C, E, S, X>,
): Promise<CommandResult<E, S>> {
  const { stream, decider, context } = options;
  const policy: RetryPolicy =
    options.expectedRevision !== undefined
      ? { ...DEFAULT_RETRIES, retries: 0 }
      : typeof options.retries === 'number'
        ? { ...DEFAULT_RETRIES, retries: options.retries }
        : (options.retries ?? DEFAULT_RETRIES);
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? sleepFor;

  for (let attempt = 0; ; attempt++) {
    const loaded = await loadStream(store, stream, decider);
    const replayed = alreadyHandled<E, S>(loaded, context.commandId);
    if (replayed) return { ...replayed, stream, conflicts: attempt, replayed: true };

    const commands = typeof options.command === 'function' ? (options.command as (state: S) => C | readonly C[])(loaded.state) : options.command;
    const occurredAt = now().toISOString();
    const decided = decideAll(decider, (Array.isArray(commands) ? commands : [commands]) as readonly C[], loaded.state, occurredAt, options.decisionContext);
    if (!decided.events.length) {
      return { stream, state: loaded.state, events: [], nextExpectedRevision: loaded.revision, position: null, conflicts: attempt, replayed: false };
    }
    const tenantId = typeof context.tenantId === 'function' ? context.tenantId(decided.state) : context.tenantId;
    const events = stampEvents(decided.events, { ...context, tenantId, occurredAt });
    try {
      const appended = await store.append(stream, events, options.expectedRevision ?? loaded.revision);
      return { stream, state: decided.state, events, nextExpectedRevision: appended.nextExpectedRevision, position: appended.position, conflicts: attempt, replayed: false };
    } catch (e) {
      if (!(e instanceof WrongExpectedRevisionError) || attempt >= policy.retries) throw e;
      await sleep(backoffDelay(policy, attempt));
    }
  }
}

/**
 * The events this command appended before, when it did: they are the stream's events stamped with its ids
 * (deriveEventId(commandId, 0), 1, ...), in a row. The state is the stream's now.
 */
function alreadyHandled<E extends DomainEvent, S>(loaded: LoadedStream<S>, commandId: string): Omit<CommandResult<E, S>, 'stream' | 'conflicts' | 'replayed'> | null {
  const first = deriveEventId(commandId, 0);
  const start = loaded.recorded.findIndex((e) => e.metadata.eventId === first);
  if (start < 0) return null;
  const own: RecordedEvent[] = [];
  for (let i = start; i < loaded.recorded.length && loaded.recorded[i].metadata.eventId === deriveEventId(commandId, i - start); i++) {
    own.push(loaded.recorded[i]);
  }
  const last = own[own.length - 1];
  return {
    state: loaded.state,
    events: own.map((e) => ({ type: e.type, schemaVersion: e.schemaVersion, data: e.data, metadata: e.metadata }) as StampedEvent<E>),
    nextExpectedRevision: loaded.revision,
    position: last.position,
  };
}
