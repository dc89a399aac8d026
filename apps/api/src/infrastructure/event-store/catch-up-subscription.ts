import type { Position, RecordedEvent, Subscription, SubscriptionHandler } from './event-store.port';

export interface CatchUpOptions {
  after: Position;
  handler: SubscriptionHandler;
  batchSize: number;
  /** Reads the next batch after a position; only what is safe to see (see PostgresEventStore.readAll). */
  readBatch: (after: Position, maxCount: number) => Promise<RecordedEvent[]>;
  /** Registers a wake-up call (new events may be readable); returns the unregister function. */
  onWake: (wake: () => void) => () => void;
  /** Safety net: read again after this long even without a wake-up. */
  pollIntervalMs: number;
  /** Errors worth retrying (the database restarting); anything else ends the subscription. */
  isTransient: (error: unknown) => boolean;
  warn?: (message: string) => void;
  /** Called once the loop has ended, stopped or failed. */
  onEnded?: () => void;
}

const MAX_RETRY_DELAY_MS = 5000;

/**
 * The waits, one after another, after a wake-up whose news a read did not find, before the poll interval: the append
 * that woke the reader has committed, but readAll shows it only once every older transaction has ended (another
 * append, a projection's batch, a request's transaction, in any database of the server), and that end wakes nobody.
 */
export const RECHECK_MS = [2, 5, 10, 25, 50];

/**
 * Reads batches after the last handled position until a short batch (caught up), then sleeps until woken or the
 * poll interval passes. One loop per subscription, so the handler runs strictly one event at a time, in order.
 */
export class CatchUpSubscription implements Subscription {
  readonly failed: Promise<Error>;
  private fail!: (error: Error) => void;
  private stopped = false;
  /** Set by a wake-up that arrives while a read is running: that read may have missed the news. */
  private woken = false;
  /** How many of the RECHECK_MS waits since the last wake-up are spent. */
  private rechecks = RECHECK_MS.length;
  private interruptSleep?: () => void;
  private readonly done: Promise<void>;

  constructor(private readonly options: CatchUpOptions) {
    this.failed = new Promise((resolve) => (this.fail = resolve));
    const unregister = options.onWake(() => this.wake());
    this.done = this.run()
      .catch((error: unknown) => this.fail(asError(error)))
      .finally(() => {
        unregister();
        options.onEnded?.();
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.interruptSleep?.();
    await this.done;
  }

  private wake() {
    this.woken = true;
    this.rechecks = 0;
    this.interruptSleep?.();
  }

  private async run(): Promise<void> {
    const { handler, batchSize, readBatch, pollIntervalMs } = this.options;
    let position = this.options.after;
    let retryDelay = 0;
    while (!this.stopped) {
      this.woken = false;
      let batch: RecordedEvent[];
      try {
        batch = await readBatch(position, batchSize);
        retryDelay = 0;
      } catch (error) {
        if (!this.options.isTransient(error)) throw error;
        retryDelay = Math.min(Math.max(retryDelay * 2, 100), MAX_RETRY_DELAY_MS);
        this.options.warn?.(
          `subscription read failed, retrying in ${retryDelay} ms: ${asError(error).message}`,
        );
        await this.sleep(retryDelay);
        continue;
      }
      for (const event of batch) {
        if (this.stopped) return;
        await handler(event);
        position = event.position;
      }
      if (batch.length < batchSize && !this.woken) {
        // Only a read that found nothing is repeated soon (the news may be behind an older transaction).
        if (batch.length > 0) this.rechecks = RECHECK_MS.length;
        const recheck = this.rechecks < RECHECK_MS.length ? RECHECK_MS[this.rechecks++] : undefined;
        await this.sleep(recheck ?? pollIntervalMs);
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
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

export const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
