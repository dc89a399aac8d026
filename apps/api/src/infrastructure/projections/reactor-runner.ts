import { EventEmitter } from 'node:events';
import type { Pool, PoolClient } from 'pg';
import { comparePositions, type EventStore, type Position, type RecordedEvent } from '../event-store/event-store.port';
import { advanceCheckpoint, readCheckpoint, recordError, type CheckpointRow } from './projection-checkpoints';
import { linkTo, withSpan } from '../tracing/trace-context';

/**
 * A reactor: side effects of events, after their commit. `react` must be idempotent per event (it enqueues jobs
 * keyed by the event id, whose queue ignores a key it has): the checkpoint moves only after a batch has reacted,
 * so a crash between an event's reaction and the checkpoint reacts to it again, to no further effect.
 */
export interface ReactorDefinition {
  /** Its checkpoint row (beside the projections'), e.g. `reactor:verification-jobs`. */
  name: string;
  /** The events it reacts to; others only move the checkpoint. */
  handles(event: RecordedEvent): boolean;
  react(event: RecordedEvent): Promise<void>;
  /**
   * Where a reactor seen for the first time starts: 'end' (default: what came before was reacted to when it
   * happened) or 'start', for a follower that must see every event that asks for it, even one appended before this
   * process's runner took its lock (it is idempotent, so old events cost only the reading).
   */
  firstStart?: 'start' | 'end';
}

export interface ReactorRunnerOptions {
  batchSize?: number;
  idleWaitMs?: number;
  lockRetryMs?: number;
  onError?: (error: Error) => void;
}

/**
 * Runs one reactor the way ProjectionRunner runs a projection: only the runner holding the reactor's advisory lock
 * works, others stand by; the checkpoint is compared-and-set, so a runner that lost its lock moves nothing. A
 * reactor seen for the first time starts at the end of the log: what came before was reacted to when it happened.
 */
export class ReactorRunner {
  readonly progress = new EventEmitter();
  private client: PoolClient | undefined;
  private checkpoint: CheckpointRow | undefined;
  private stopping = false;
  private loopDone: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  state: 'stopped' | 'standby' | 'active' = 'stopped';
  lastError: string | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly store: EventStore,
    readonly definition: ReactorDefinition,
    private readonly options: ReactorRunnerOptions = {},
  ) {
    this.progress.setMaxListeners(0);
  }

  get name() {
    return this.definition.name;
  }

  get position(): Position | undefined {
    return this.state === 'active' ? this.checkpoint?.position : undefined;
  }

  start(): void {
    if (this.loopDone) return;
    this.stopping = false;
    this.state = 'standby';
    this.loopDone = this.loop();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.loopDone;
    this.loopDone = undefined;
  }

  wake(): void {
    this.wakeUp?.();
  }

  /** Resolves once the checkpoint is at or past `position` (every event up to it has been reacted to). */
  waitFor(position: Position, timeoutMs: number): Promise<void> {
    if (this.position && comparePositions(this.position, position) >= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onProgress = (p: Position) => {
        if (comparePositions(p, position) >= 0) done(null);
      };
      const timer = setTimeout(() => done(new Error(`reactor ${this.name} did not reach the position in ${timeoutMs} ms`)), timeoutMs);
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
    while (!this.stopping) {
      try {
        if (!this.client && !(await this.acquire())) {
          await this.idle(this.options.lockRetryMs ?? 2000);
          continue;
        }
        const worked = await this.step();
        backoff = 100;
        if (!worked) await this.idle(this.options.idleWaitMs ?? 1000);
      } catch (e) {
        const error = e instanceof Error ? e : new Error(String(e));
        this.lastError = error.message;
        this.options.onError?.(error);
        await recordError(this.pool, this.name, error.message).catch(() => undefined);
        this.release(error);
        await this.idle(backoff);
        backoff = Math.min(backoff * 2, 5000);
      }
    }
    this.release();
    this.state = 'stopped';
  }

  private async acquire(): Promise<boolean> {
    const client = await this.pool.connect();
    client.on('error', () => undefined);
    try {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [`projection:${this.name}`]);
      if (!rows[0].ok) {
        client.release();
        return false;
      }
    } catch (e) {
      client.release(e as Error);
      throw e;
    }
    this.client = client;
    if (this.definition.firstStart === 'start') {
      await client.query(`INSERT INTO projection_checkpoints (name, version) VALUES ($1, 1) ON CONFLICT (name) DO NOTHING`, [this.name]);
    } else {
      const head = await this.store.headPosition();
      await client.query(
        `INSERT INTO projection_checkpoints (name, version, commit_position, prepare_position) VALUES ($1, 1, $2, $3) ON CONFLICT (name) DO NOTHING`,
        [this.name, head.commit.toString(), head.prepare.toString()],
      );
    }
    this.checkpoint = (await readCheckpoint(client, this.name))!;
    this.state = 'active';
    this.progress.emit('live', this.checkpoint.position);
    return true;
  }

  private release(error?: Error) {
    if (!this.client) return;
    this.client.release(error ?? true);
    this.client = undefined;
    if (!this.stopping) this.state = 'standby';
  }

  private async step(): Promise<boolean> {
    const client = this.client!;
    const from = (await readCheckpoint(client, this.name))!.position;
    const events = await this.store.readAll({ after: from, maxCount: this.options.batchSize ?? 100 });
    if (!events.length) return false;
    const handled = events.filter((e) => this.definition.handles(e));
    await withSpan(
      'reactor.batch',
      { attributes: { 'credence.reactor': this.name, 'credence.events': handled.length }, links: handled.map((e) => linkTo(e.metadata.traceparent)), root: true },
      async () => {
        for (const event of handled) await this.definition.react(event);
      },
    );
    // Only now: a crash before this line reacts to the batch again, which the jobs' keys make a no-op.
    const to = events[events.length - 1].position;
    await advanceCheckpoint(client, this.name, from, to, events.length);
    this.checkpoint = { ...this.checkpoint!, position: to };
    this.progress.emit('live', to);
    return true;
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
