/**
 * Group commit for appends on a pool: while `maxInFlight` statements are already running, later appends queue, and
 * the queue goes out as ONE statement (one transaction, one commit) when a slot frees. A lone writer never waits:
 * with a slot free its append is sent at once, alone. Many writers share commits instead of each paying for its own
 * round trip, transaction and WAL flush, which is what keeps appends/s rising with writers on a small machine (issue
 * 18: plain single-row INSERT commits are the yardstick).
 *
 * - Two jobs with the same key (stream) never share a batch: the second waits for the next one, so each append still
 *   sees the stream as the one before it left it.
 * - A batch that fails as a whole (one append's unique violation aborts the statement) is re-run job by job, so each
 *   caller gets the answer it would have had alone.
 * - `maxInFlight` (default 4): on this 2-core machine, 2 batched 4 writers into pairs, which left a core idle
 *   (0.52x plain INSERT commits against 0.60x with 4 in flight); with 4, 4 writers run as before and 16 share
 *   commits (chained appends 0.94x plain INSERT commits against 0.63x with no group commit, quiet machine,
 *   `npm run bench -- event-store-append`). Deferring the pump after a statement by a setImmediate, so that the
 *   callers it answered join the next batch, changed nothing measurable and was not kept.
 * - A statement still running after `slotTimeoutMs` (waiting on a lock, say) frees its slot for the others, so one
 *   slow append cannot hold back every writer of the process.
 */
export interface GroupCommitOptions<J, R> {
  /** Sends one job alone. */
  runOne: (job: J) => Promise<R>;
  /** Sends several jobs as one statement; answers in the jobs' order. Throws: each job is sent alone instead. */
  runMany: (jobs: J[]) => Promise<R[]>;
  key: (job: J) => string;
  maxInFlight?: number;
  maxBatch?: number;
  slotTimeoutMs?: number;
}

interface Queued<J, R> {
  job: J;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit<J, R> {
  private readonly queue: Queued<J, R>[] = [];
  private inFlight = 0;
  private readonly maxInFlight: number;
  private readonly maxBatch: number;
  private readonly slotTimeoutMs: number;

  constructor(private readonly options: GroupCommitOptions<J, R>) {
    this.maxInFlight = options.maxInFlight ?? 4;
    this.maxBatch = options.maxBatch ?? 64;
    this.slotTimeoutMs = options.slotTimeoutMs ?? 25;
  }

  submit(job: J): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.take();
      this.inFlight++;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        clearTimeout(timer);
        this.inFlight--;
        this.pump();
      };
      const timer = setTimeout(release, this.slotTimeoutMs);
      timer.unref?.();
      void this.send(batch).finally(release);
    }
  }

  /** The oldest queued jobs, up to maxBatch, one per key; the others stay queued in their order. */
  private take(): Queued<J, R>[] {
    const batch: Queued<J, R>[] = [];
    const keys = new Set<string>();
    for (let i = 0; i < this.queue.length && batch.length < this.maxBatch; ) {
      const key = this.options.key(this.queue[i].job);
      if (keys.has(key)) {
        i++;
        continue;
      }
      keys.add(key);
      batch.push(this.queue.splice(i, 1)[0]);
    }
    return batch;
  }

  private async send(batch: Queued<J, R>[]): Promise<void> {
    if (batch.length > 1) {
      let results: R[] | undefined;
      try {
        results = await this.options.runMany(batch.map((q) => q.job));
      } catch {
        // Nothing of it was written (one statement): each job alone, below, says what happened to it.
      }
      if (results) {
        batch.forEach((q, i) => q.resolve(results[i]));
        return;
      }
    }
    await Promise.all(
      batch.map((q) =>
        this.options.runOne(q.job).then(q.resolve, (error: unknown) => q.reject(error)),
      ),
    );
  }
}
