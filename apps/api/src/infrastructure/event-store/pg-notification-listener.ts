import type { Client } from 'pg';
import type { Position } from './event-store.port';

const MAX_RECONNECT_DELAY_MS = 5000;

/**
 * One dedicated connection that LISTENs on a channel and wakes every registered callback on a notification.
 * The connection is not taken from the pool: it is held for the life of the store and would otherwise keep
 * pool.end() waiting at shutdown. When the connection drops (PostgreSQL restarts) it reconnects with backoff,
 * and wakes everyone once reconnected because notifications sent meanwhile are lost.
 */
export class PgNotificationListener {
  private client?: Client;
  private connecting = false;
  private closed = false;
  private retryTimer?: NodeJS.Timeout;
  /** Called with the position of a local append, or nothing (a notification: news of unknown position). */
  private readonly callbacks = new Set<(position?: Position) => void>();

  constructor(
    private readonly makeClient: () => Client,
    private readonly channel: string,
    private readonly warn: (message: string) => void = () => undefined,
    /** Notifications with this payload are this process's own (it woke its callbacks already): ignored. */
    private readonly ownPayload?: string,
  ) {}

  /** Registers a wake-up callback, connecting on first use; returns the unregister function. */
  add(callback: (position?: Position) => void): () => void {
    this.callbacks.add(callback);
    if (!this.client && !this.connecting && !this.retryTimer) void this.connect(0);
    return () => this.callbacks.delete(callback);
  }

  /** Wakes this process's callbacks at once, without a round trip through the database (an append here committed). */
  wakeLocal(position?: Position): void {
    this.wakeAll(position);
  }

  /** The backend pid of the listening connection, for tests that cut it. */
  get pid(): number | undefined {
    return (this.client as unknown as { processID?: number } | undefined)?.processID;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(attempt: number): Promise<void> {
    this.retryTimer = undefined;
    if (this.closed) return;
    this.connecting = true;
    const client = this.makeClient();
    // Without an 'error' listener a dropped idle connection would be an uncaught exception.
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    client.on('notification', (n) => {
      if (this.ownPayload === undefined || n.payload !== this.ownPayload) this.wakeAll();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (err) {
      this.connecting = false;
      void client.end().catch(() => undefined);
      this.warn(`LISTEN connection failed (attempt ${attempt + 1}): ${(err as Error).message}`);
      this.scheduleReconnect(attempt + 1);
      return;
    }
    this.connecting = false;
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.wakeAll();
  }

  private lost(client: Client, err?: Error) {
    if (this.client !== client) return; // a connection that never got going: connect() handles it
    this.client = undefined;
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.warn(`LISTEN connection lost${err ? `: ${err.message}` : ''}; reconnecting`);
    this.scheduleReconnect(0);
  }

  private scheduleReconnect(attempt: number) {
    if (this.closed) return;
    const delay = Math.min(100 * 2 ** attempt, MAX_RECONNECT_DELAY_MS);
    this.retryTimer = setTimeout(() => void this.connect(attempt), delay);
  }

  private wakeAll(position?: Position) {
    for (const callback of this.callbacks) callback(position);
  }
}
