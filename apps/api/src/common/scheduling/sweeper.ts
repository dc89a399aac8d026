import type { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PeriodicRun } from './periodic-run';

/**
 * A provider that sweeps in the background (PeriodicRun) from the application's start to its shutdown, every
 * `everyMs` (0: never; the tests sweep by hand). A subclass says what one tick does.
 */
export abstract class Sweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly periodic: PeriodicRun;

  protected constructor(
    protected readonly logger: Logger,
    what: string,
    private readonly everyMs: number,
  ) {
    this.periodic = new PeriodicRun(what, logger);
  }

  /** One run at the timer's tick (a sweep, and a log line saying what it did). */
  protected abstract tick(): Promise<unknown>;

  onApplicationBootstrap() {
    if (this.everyMs > 0) this.periodic.start(this.everyMs, () => this.tick());
  }

  onApplicationShutdown() {
    return this.periodic.stop();
  }
}

/** One page of a keyset-paged read: its rows, and where it ended when more may follow. */
export interface KeysetPage<Row, End> {
  rows: Row[];
  last?: End;
}

/** A page of `batch` rows read in key order, each row its own page end: the last row when the page is full. */
export function pageOf<Row>(rows: Row[], batch: number): KeysetPage<Row, Row> {
  return { rows, last: rows.length === batch ? rows[rows.length - 1] : undefined };
}

/** Reads page after page (each after the last one's end) until one has no end, handing each row to `each` in turn. */
export async function forEachRow<Row, End>(
  page: (after?: End) => Promise<KeysetPage<Row, End>>,
  each: (row: Row) => Promise<void>,
): Promise<void> {
  let after: End | undefined;
  for (;;) {
    const { rows, last } = await page(after);
    for (const row of rows) await each(row);
    if (!last) return;
    after = last;
  }
}
