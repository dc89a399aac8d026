import { Pool, type PoolConfig } from 'pg';

/** Errors that mean the connection was gone before the statement could run: safe to run it again once. */
const CONNECTION_LOST = new Set(['57P01', '57P02', '57P03', '08006', '08003', 'ECONNRESET', 'EPIPE']);

export function isConnectionLost(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | undefined;
  if (!e) return false;
  if (e.code && CONNECTION_LOST.has(e.code)) return true;
  return /Connection terminated|connection ended|Client has encountered a connection error/i.test(e.message ?? '');
}

/**
 * A pg Pool whose single-statement `query` survives the server dropping idle connections (a restart, a failover,
 * pg_terminate_backend): the pool learns of a dead idle client only when it is next used, so such a failure is
 * retried once on a fresh connection. Transactions (pool.connect) are not retried: their callers decide.
 */
export function createResilientPool(config: PoolConfig, onIdleError: (err: Error) => void): Pool {
  const pool = new Pool(config);
  pool.on('error', onIdleError);
  // pg listens for a client's errors only while it is idle in the pool: a client checked out and between two
  // statements (a held advisory lock, a transaction awaiting other work) that hears the server go away (57P01 on a
  // restart) emitted 'error' to no one and took the process down (npm run fault -- pg-restart). Its next statement
  // fails instead, and the caller's release(err) throws it away.
  pool.on('connect', (client) => client.on('error', onIdleError));
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    if (typeof args[args.length - 1] === 'function') return query(...args); // callback style: leave as is
    return query(...args).catch((e: unknown) => {
      if (!isConnectionLost(e)) throw e;
      return query(...args);
    });
  };
  return pool;
}
