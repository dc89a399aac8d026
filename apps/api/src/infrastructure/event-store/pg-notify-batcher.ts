/**
 * Wakes other processes' subscribers after appends commit, without serialising the appends: a NOTIFY inside an
 * append's transaction takes a database-wide lock at commit, so every append waited for the previous one's commit.
 * Here appends only poke; the pokes of a short window (delayMs) go out as one NOTIFY of its own, one at a time, so
 * busy writers send a few NOTIFYs a second rather than one per append. A NOTIFY is a hint: readAll decides what is
 * safe to read, this process's subscribers are woken at once without it, and subscribers poll as a safety net, so a
 * late wake-up delays another process's delivery by at most the window and never skips an event.
 */
export class PgNotifyBatcher {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private pending = false;
  private closed = false;

  constructor(
    private readonly send: () => Promise<unknown>,
    private readonly warn: (message: string) => void = () => undefined,
    private readonly delayMs = 5,
  ) {}

  poke(): void {
    if (this.closed) return;
    this.pending = true;
    if (!this.timer && !this.running) this.schedule();
  }

  /** Sends what is pending now and waits for it; later pokes are ignored. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
      if (this.pending) this.running = this.flush();
    }
    await this.running;
  }

  private schedule() {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.flush().finally(() => {
        this.running = undefined;
        if (this.pending && !this.closed) this.schedule();
      });
    }, this.delayMs);
    this.timer.unref?.();
  }

  private async flush(): Promise<void> {
    this.pending = false;
    try {
      await this.send();
    } catch (error) {
      // Subscribers' polling covers it; the pool may be closing at shutdown.
      if (!this.closed) this.warn(`NOTIFY after append failed: ${(error as Error).message}`);
    }
  }
}
