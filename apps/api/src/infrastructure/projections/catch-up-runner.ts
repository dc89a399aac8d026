import { EventEmitter } from 'node:events';
import type { Pool, PoolClient } from 'pg';
import { RECHECK_MS } from '../event-store/catch-up-subscription';
import { comparePositions, type EventStore, type Position, type RecordedEvent } from '../event-store/event-store.port';
import { recordError } from './projection-checkpoints';

type ReadAllOptions = { after?: Position; maxCount?: number };

/**
 * A read model or reactor did not reach a position in time (a rebuild for a new version, an overloaded machine). The
 * write that asked is committed: the HTTP layer answers 503 with Retry-After (by this name, without importing
 * infrastructure), and a retry with the same Idempotency-Key finds it and waits again.
 */
export class ReadModelBehindError extends Error {
  override readonly name = 'ReadModelBehindError';
  constructor(kind: string, name: string, timeoutMs: number) {
    super(`${kind} ${name} did not reach the position in ${timeoutMs} ms`);
  }
}

/**
 * Optional capability of an event store whose events are in PostgreSQL: readAll on a connection the caller holds,
 * when it reaches the events' database (undefined otherwise).
 */
export interface ReadsOnConnection {
  readerOn(client: PoolClient): Promise<((options?: ReadAllOptions) => Promise<RecordedEvent[]>) | undefined>;
}

export interface CatchUpOptions {
  /** Longest wait for new events before looking again; a wake-up from an append ends it early. */
  idleWaitMs?: number;
  /** How often a standby runner tries to take over. */
  lockRetryMs?: number;
  /**
   * Told of every failed step (or failed take-over), with where the runner stood and when it tries again: a batch
   * that fails every time is retried with a growing backoff (up to 5 s) and reported each time, never silently.
   */
  onError?: (error: Error, failure: FailureInfo) => void;
}

/** What a failure report says besides the error: no event data, only positions and counts. */
export interface FailureInfo {
  /** Where the runner stood, e.g. `at 120/120, rebuild at 80/80` (commit/prepare); `not active` before it took the lock. */
  at: string;
  /** Failures in a row, this one included. */
  failures: number;
  retryInMs: number;
}

export type RunnerState = 'stopped' | 'standby' | 'active';

/** What a step found: nothing, some events (all that were readable), or a full batch or rebuild work (more at once). */
export type StepResult = 'none' | 'some' | 'more';

/**
 * The one checkpointed catch-up loop behind projections and reactors. Only the runner holding the subscription's
 * advisory lock (`projection:<name>`, on a connection of its own) works; others stand by and take over when its
 * session ends (process death or a lost connection). Each step reads events after the checkpoint and moves it
 * compared-and-set on the lock's connection, so a runner that lost its lock moves nothing. An error releases the
 * lock (destroying the connection) and retries with a growing backoff; the error is recorded on the checkpoint row.
 *
 * A subclass says what it does once it holds the lock (`locked`: create its tables, read or create its checkpoint)
 * and what one step is (`step`: apply or react to one batch, answering what it found, StepResult).
 */
export abstract class CatchUpRunner {
  readonly progress = new EventEmitter();
  protected client: PoolClient | undefined;
  /** readAll on the lock's connection, when the store can (its events are in this database): no pool wait. */
  private reader: ((options?: ReadAllOptions) => Promise<RecordedEvent[]>) | undefined;
  private stopping = false;
  private loopDone: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  /** Set by a wake-up of unknown news (another process's NOTIFY) since the last step began. */
  private woken = false;
  /** Set when a wake-up announced a further position since the last step began: that step's read may have missed it. */
  private newsArrived = false;
  /** The furthest position a wake-up announced (an append of this process), to tell news from an echo. */
  private news: Position | undefined;
  /** How many of the RECHECK_MS waits, looking for announced news not readable yet, are spent. */
  private rechecks = 0;
  state: RunnerState = 'stopped';
  lastError: string | null = null;

  protected constructor(
    protected readonly pool: Pool,
    protected readonly store: EventStore,
    private readonly loopOptions: CatchUpOptions,
    /** 'projection' or 'reactor', for messages. */
    private readonly kind: string,
  ) {
    this.progress.setMaxListeners(0);
  }

  abstract get name(): string;
  /** The live checkpoint as this runner knows it (only meaningful while active). */
  abstract get position(): Position | undefined;
  /** Holding the lock on `client`: prepare, and answer the live checkpoint's position. */
  protected abstract locked(client: PoolClient): Promise<Position>;
  /** One batch on the lock's connection. */
  protected abstract step(client: PoolClient): Promise<StepResult>;
  /**
   * The events after a position, read on the lock's connection where the store allows it: a read through the
   * store's pool waits behind requests for a free connection, and the runner reads after every append.
   */
  protected readAll(after: Position, maxCount: number): Promise<RecordedEvent[]> {
    return this.reader ? this.reader({ after, maxCount }) : this.store.readAll({ after, maxCount });
  }

  /** Where the runner stands, for failure reports. */
  protected describePosition(): string {
    const at = this.position;
    return at ? `at ${formatPosition(at)}` : 'not active';
  }

  /** Whether the loop should end after this step (the rebuild command's exit). */
  protected finishedWork(): boolean {
    return false;
  }

  start(): void {
    if (this.loopDone) return;
    this.stopping = false;
    this.state = 'standby';
    this.loopDone = this.loop();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loopDone;
    this.loopDone = undefined;
  }

  /**
   * New events may be readable: look now instead of at the end of the idle wait. `position`, where an append of this
   * process ended, when known: one already projected wakes nothing, and one not readable yet is looked for again.
   */
  wake(position?: Position): void {
    if (position) {
      const at = this.position;
      if (at && comparePositions(at, position) >= 0) return;
      if (this.news && comparePositions(position, this.news) <= 0) return;
      this.news = position;
      this.rechecks = 0;
      this.newsArrived = true;
    } else {
      this.woken = true;
    }
    this.wakeUp?.();
  }

  /** Resolves when the loop ends (stop(), or the work is finished). */
  get finished(): Promise<void> {
    return this.loopDone ?? Promise.resolve();
  }

  /** Resolves once the live checkpoint is at or past `position`. */
  waitFor(position: Position, timeoutMs: number): Promise<void> {
    if (this.position && comparePositions(this.position, position) >= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onProgress = (p: Position) => {
        if (comparePositions(p, position) >= 0) done(null);
      };
      const timer = setTimeout(
        () => done(new ReadModelBehindError(this.kind, this.name, timeoutMs)),
        timeoutMs,
      );
      const done = (err: Error | null) => {
        clearTimeout(timer);
        this.progress.off('live', onProgress);
        if (err) reject(err);
        else resolve();
      };
      this.progress.on('live', onProgress);
    });
  }

  private async loop(): Promise<void> {
    let backoff = 100;
    let failures = 0;
    while (!this.stopping) {
      try {
        if (!this.client && !(await this.acquire())) {
          await this.idle(this.loopOptions.lockRetryMs ?? 2000);
          continue;
        }
        this.woken = false;
        this.newsArrived = false;
        const found = await this.step(this.client!);
        backoff = 100;
        failures = 0;
        if (this.finishedWork()) break;
        // A wake-up during the step (an append committed after its read) means looking again at once, not after
        // the idle wait: losing it left the newest events waiting for the next append or the timer.
        const at = this.position;
        const pending = !!this.news && !!at && comparePositions(at, this.news) < 0;
        if (found === 'more' || this.woken || (this.newsArrived && pending)) continue;
        // An append announced here is not projected yet: it is committed, but readAll shows it only once every older
        // transaction has ended (another runner's batch, a request's, another process's append), and that end wakes
        // nobody. Look again shortly (RECHECK_MS, then every 50 ms) until it shows; otherwise wait for news.
        const recheck = RECHECK_MS[Math.min(this.rechecks++, RECHECK_MS.length - 1)];
        await this.idle(pending ? recheck : (this.loopOptions.idleWaitMs ?? 1000));
      } catch (e) {
        const error = e instanceof Error ? e : new Error(String(e));
        this.lastError = error.message;
        failures++;
        this.loopOptions.onError?.(error, { at: this.describePosition(), failures, retryInMs: backoff });
        await recordError(this.pool, this.name, error.message).catch(() => undefined);
        this.releaseLock(error);
        await this.idle(backoff);
        backoff = Math.min(backoff * 2, 5000);
      }
    }
    this.releaseLock();
    this.state = 'stopped';
  }

  private async acquire(): Promise<boolean> {
    const client = await this.pool.connect();
    // A dropped connection surfaces on the next query; without this listener it would crash the process.
    client.on('error', () => undefined);
    try {
      const { rows } = await client.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_lock(hashtext($1)) AS ok',
        [`projection:${this.name}`],
      );
      if (!rows[0].ok) {
        client.release();
        return false;
      }
    } catch (e) {
      client.release(e as Error);
      throw e;
    }
    this.client = client;
    const readerOn = (this.store as Partial<ReadsOnConnection>).readerOn;
    this.reader = readerOn ? await readerOn.call(this.store, client) : undefined;
    const position = await this.locked(client);
    this.state = 'active';
    this.progress.emit('live', position);
    return true;
  }

  private releaseLock(error?: Error) {
    if (!this.client) return;
    // Releasing with an error destroys the connection, which also frees the session's advisory lock.
    this.client.release(error ?? true);
    this.client = undefined;
    this.reader = undefined;
    this.news = undefined;
    if (!this.stopping) this.state = 'standby';
  }

  private idle(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    });
  }
}

export const formatPosition = (p: Position) => `${p.commit}/${p.prepare}`;
