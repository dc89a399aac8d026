import type { Pool } from 'pg';

/**
 * Runs idempotent DDL under an advisory lock, so several API processes starting together do not race: for the
 * tables of read models, which their projections create and rebuild (a query may arrive before the runner has
 * made its table). Ordinary tables are not made here: the versioned migrations make them (migrations.ts).
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
