import { createTestDatabase, testPool } from '../event-store/pg-test-database';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { runCommandHandlingContract } from './command-handling.contract';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

runCommandHandlingContract('PostgreSQL', async () => {
  const pool = testPool(db.url);
  const store = new PostgresEventStore(pool, { pollIntervalMs: 250 });
  await store.init();
  return {
    store,
    cleanup: async () => {
      await store.close();
      await pool.end();
    },
  };
});
