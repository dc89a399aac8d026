import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Pool } from 'pg';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';

/**
 * One payment command at a time per idempotency key, across API processes: a PostgreSQL advisory lock held while
 * the card is charged and the result recorded, so two copies of one request (a double click, a client retry while
 * the first is still running) never both reach the card provider. The locks live on a small pool of their own:
 * a holder needs further connections from the main pool, and sharing it could starve every holder at once.
 *
 * Each order in flight holds one of its connections for as long as it pays (several round trips), so its size is
 * how many orders run at once: as many as the main pool has connections. It was 4, which made a burst of orders
 * queue for a lock connection behind each other: 20 concurrent submissions under the load scenario's other
 * journeys (issue 19) answered at p50 23 s, one after another, while reads answered in under a second.
 */
/** A command's answer, and the wait until read models show the decision it answers. */
export interface Decided<T> {
  answer: T;
  shown: () => Promise<void>;
}

@Injectable()
export class CommandLocks implements OnModuleDestroy {
  private readonly pool: Pool;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.pool = new Pool({ connectionString: config.database.url, max: config.database.poolSize });
    this.pool.on('error', (e) => new Logger('CommandLocks').warn(`idle lock connection error: ${e.message}`));
    // A lock's connection is checked out while the card is charged: if the server goes away then (a restart), pg
    // emits 'error' on it with no pool listener attached, which took the whole API down (npm run fault --
    // pg-restart). Heard here, the unlock fails instead and release(broken) throws the connection away.
    this.pool.on('connect', (client) => client.on('error', (e) => new Logger('CommandLocks').warn(`lock connection error: ${e.message}`)));
  }

  async withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [`money:${key}`]);
      try {
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [`money:${key}`]).catch((e: Error) => {
          broken = e;
        });
      }
    } finally {
      // A connection whose unlock failed is destroyed, which frees the session's lock.
      client.release(broken ?? false);
    }
  }

  /**
   * withLock for a command that answers only once read models show its decision: `fn` decides under the lock and
   * returns its answer with that wait, which runs after the lock is released. Waiting for projections and reactors
   * needs no lock (a retry that comes meanwhile finds the decision in the ledger and waits for the same things), and
   * holding a lock connection through it kept other orders queueing for one (issue 19's load run: an order waited
   * under the lock for the invoicing reactor and four read models).
   */
  async decideThenWait<T>(key: string, fn: () => Promise<Decided<T>>): Promise<T> {
    const { answer, shown } = await this.withLock(key, fn);
    await shown();
    return answer;
  }

  async onModuleDestroy() {
    await this.pool.end();
  }
}
