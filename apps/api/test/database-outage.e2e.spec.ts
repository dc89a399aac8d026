import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import request from 'supertest';
import { freshDatabase, waitFor } from './fresh-database';
import { startTestApp } from './test-app';

describe('PostgreSQL dropping every connection under the API', () => {
  let app: INestApplication;
  let db: Awaited<ReturnType<typeof freshDatabase>>;

  beforeAll(async () => {
    db = await freshDatabase('outage');
    ({ app } = await startTestApp({ DATABASE_URL: db.url }));
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('survives, and the next request succeeds', async () => {
    await request(app.getHttpServer()).get('/health').expect(200);
    const admin = new Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
    await admin.connect();
    const dbName = new URL(db.url).pathname.slice(1);
    const killed = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [dbName],
    );
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(2); // pool, LISTEN, projection lock, pg-boss

    const res = await request(app.getHttpServer()).get('/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');

    // The projection runner lost its lock connection with the rest; it takes the projection back.
    await waitFor(
      async () => {
        const r = await request(app.getHttpServer()).get('/health');
        return r.body.projections?.find((p: { name: string; state: string }) => p.name === 'stream-stats')?.state === 'active';
      },
      15000,
      'the projection runner to be active again',
    );
  });
});
