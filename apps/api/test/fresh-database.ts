import { Client, Pool } from 'pg';

/**
 * A database of its own for one spec file, on the test run's server (tools/test/global-setup.mjs), so suites
 * running in parallel never see each other's events or checkpoints. Dropped by the global teardown with the rest.
 */
export async function freshDatabase(label: string): Promise<{ url: string; pool: Pool; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  const base = process.env.DATABASE_URL;
  if (!adminUrl || !base) throw new Error('TEST_PG_ADMIN_URL is not set: run the tests through jest (npm test)');
  const name = `${new URL(base).pathname.slice(1)}_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${process.pid}_${Date.now() % 100000}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new Pool({ connectionString: url.toString(), max: 20 });
  pool.on('error', () => undefined);
  return {
    url: url.toString(),
    pool,
    drop: async () => {
      await pool.end();
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Waits for a condition by looking again, never by sleeping a fixed time and hoping. */
export async function waitFor<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 10000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
