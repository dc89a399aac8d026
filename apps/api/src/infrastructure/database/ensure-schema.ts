import type { Pool } from 'pg';

/**
 * Creates a module's ordinary tables (reference data, accounts, outbox) with idempotent DDL, under an advisory
 * lock so several API processes starting together do not race. Read models have their own runtime; events
 * their own store.
 */
export async function ensureSchema(pool: Pool, name: string, statements: string[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`schema:${name}`]);
    try {
      for (const sql of statements) await client.query(sql);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`schema:${name}`]);
    }
  } finally {
    client.release();
  }
}
