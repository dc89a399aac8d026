import type { Logger } from '@nestjs/common';

/**
 * A task run every few seconds in the background (the sweepers): never two runs at once (a tick that finds the
 * last run still going is skipped), a failed run logged as a warning and tried again at the next tick, the timer
 * unref'd so it never keeps the process alive, and stop() waiting for a run in progress (call it on shutdown).
 */
export class PeriodicRun {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly what: string,
    private readonly logger: Logger,
  ) {}

  start(everyMs: number, run: () => Promise<unknown>): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = run()
        .catch((e: Error) => this.logger.warn(`${this.what} failed: ${e.message}`))
        .finally(() => (this.running = undefined));
    }, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
