import { Client } from 'pg';
import { describeJobQueueContract } from './job-queue.contract';
import { PgBossJobQueue } from './pg-boss-job-queue';

/** Own database for this file (other spec files share DATABASE_URL), own pg-boss schema per test. */
describe('PgBossJobQueue (PostgreSQL)', () => {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) throw new Error('TEST_PG_ADMIN_URL is not set: run through the jest global setup');
  const dbName = `credence_queue_${process.pid}_${Date.now()}`;
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  let schemas = 0;

  async function admin(sql: string) {
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  beforeAll(() => admin(`CREATE DATABASE ${dbName}`));
  afterAll(() => admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));

  describeJobQueueContract({
    newSpace: () => `pgboss_t${++schemas}`,
    open: (schema) =>
      new PgBossJobQueue({
        connectionString: dbUrl.toString(),
        schema,
        pollingIntervalSeconds: 0.5,
        poolSize: 2,
      }),
    // pg-boss counts retry delays in whole seconds.
    backoffMs: 1000,
  });
});
