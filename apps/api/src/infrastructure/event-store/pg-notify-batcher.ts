/**
 * Wakes other processes' subscribers after appends commit, without serialising the appends: a NOTIFY inside an
 * append's transaction takes a database-wide lock at commit, so every append waited for the previous one's commit.
 * Here appends only poke; one NOTIFY at a time goes out on its own, and pokes that arrive meanwhile are folded into
 * the next one. A NOTIFY is a hint: readAll decides what is safe to read, and subscribers poll as a safety net, so a
 * lost or late wake-up delays delivery and never skips an event.
 */
export class PgNotifyBatcher {
  private running?: Promise<void>;
  private again = false;
  private closed = false;

  constructor(
    private readonly send: () => Promise<unknown>,
    private readonly warn: (message: string) => void = () => undefined,
  ) {}

  poke(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => (this.running = undefined));
  }

  /** Waits for the NOTIFY in flight; later pokes are ignored. */
  async close(): Promise<void> {
    this.closed = true;
    await this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.send();
      } catch (error) {
        // Subscribers' polling covers it; the pool may be closing at shutdown.
        if (!this.closed) this.warn(`NOTIFY after append failed: ${(error as Error).message}`);
      }
    } while (this.again && !this.closed);
  }
}
