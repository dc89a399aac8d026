import { Client } from 'pg';
import { freshDatabase } from '../../../test/fresh-database';
import { createResilientPool, isConnectionLost } from './resilient-pool';

describe('resilient pool', () => {
  it('recognises lost connections and nothing else', () => {
    expect(isConnectionLost({ code: '57P01' })).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLost({ code: '23505', message: 'duplicate key' })).toBe(false);
    expect(isConnectionLost(undefined)).toBe(false);
  });

  it('answers the next query after the server dropped every idle connection', async () => {
    const db = await freshDatabase('resilient');
    const pool = createResilientPool({ connectionString: db.url, max: 4 }, () => undefined);
    try {
      await Promise.all([1, 2, 3, 4].map(() => pool.query('SELECT pg_sleep(0.01)')));
      const admin = new Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
      await admin.connect();
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [new URL(db.url).pathname.slice(1)],
      );
      await admin.end();
      expect(killed.rowCount).toBeGreaterThanOrEqual(1);
      const results = await Promise.all([1, 2, 3, 4].map((n) => pool.query('SELECT $1::int AS n', [n])));
      expect(results.map((r) => r.rows[0].n)).toEqual([1, 2, 3, 4]);
    } finally {
      await pool.end();
      await db.drop();
    }
  });
});
