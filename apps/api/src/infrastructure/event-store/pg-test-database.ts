// Test support, not runtime code: a database of its own per spec file, on the test run's server. Named after the
// run's database, so the global teardown drops it too if a test dies before its afterAll.
import { randomUUID } from 'node:crypto';
import { Client, Pool } from 'pg';

const adminUrl = () => process.env.TEST_PG_ADMIN_URL ?? '';

export const databaseUrl = (name: string) =>
  Object.assign(new URL(adminUrl()), { pathname: `/${name}` }).toString();

async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const runDb = new URL(process.env.DATABASE_URL ?? '').pathname.slice(1);
  const name = `${runDb}_es_${randomUUID().slice(0, 8)}`;
  await admin(`CREATE DATABASE ${name}`);
  return { name, url: databaseUrl(name), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export function testPool(url: string, max = 20): Pool {
  const pool = new Pool({ connectionString: url, max });
  pool.on('error', () => undefined); // idle clients cut on purpose (the reconnect test) must not crash the run
  return pool;
}
