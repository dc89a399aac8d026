import { rm } from 'node:fs/promises';
import pg from 'pg';

export default async function globalTeardown() {
  const db = globalThis.__credenceTestDb;
  const embedded = globalThis.__credencePg;
  if (db && !embedded) {
    // A server we were given: drop what the run created there, leave the rest alone.
    const client = new pg.Client({ connectionString: db.adminUrl });
    await client.connect();
    const { rows } = await client.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${db.dbName}%`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await client.end();
  }
  if (embedded) {
    await embedded.server.stop();
    await rm(embedded.dir, { recursive: true, force: true });
  }
}
