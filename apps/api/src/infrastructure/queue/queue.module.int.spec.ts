import { Test } from '@nestjs/testing';
import { Client } from 'pg';
import { ConfigModule } from '../../config/config.module';
import { loadConfig } from '../../config/load-config';
import { HealthInfraModule } from '../health/health.module';
import { HealthRegistry } from '../health/health.registry';
import { BullMqJobQueue } from './bullmq-job-queue';
import { waitFor } from './job-queue.contract';
import { JOB_QUEUE, type JobQueue } from './job-queue.port';
import { PgBossJobQueue } from './pg-boss-job-queue';
import { createJobQueue, QueueModule } from './queue.module';

describe('QueueModule', () => {
  it('picks BullMQ when REDIS_URL is set and pg-boss otherwise', () => {
    const base = { DATABASE_URL: 'postgres://u:p@localhost:5432/db' };
    expect(createJobQueue(loadConfig(base))).toBeInstanceOf(PgBossJobQueue);
    // Constructing the BullMQ adapter does not connect: nothing to close here.
    expect(createJobQueue(loadConfig({ ...base, REDIS_URL: 'redis://localhost:6379' }))).toBeInstanceOf(
      BullMqJobQueue,
    );
  });

  describe('in a Nest application on PostgreSQL', () => {
    const adminUrl = process.env.TEST_PG_ADMIN_URL ?? '';
    if (!adminUrl) throw new Error('TEST_PG_ADMIN_URL is not set: run through the jest global setup');
    const dbName = `credence_queue_module_${process.pid}_${Date.now()}`;
    const dbUrl = new URL(adminUrl);
    dbUrl.pathname = `/${dbName}`;

    async function admin(sql: string) {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(sql).finally(() => client.end());
    }

    beforeAll(() => admin(`CREATE DATABASE ${dbName}`));
    afterAll(() => admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));

    it('provides a started JOB_QUEUE, reports it to /health as "queue", and closes it with the app', async () => {
      const { REDIS_URL: _, ...env } = process.env;
      const config = loadConfig({ ...env, DATABASE_URL: dbUrl.toString() });
      const moduleRef = await Test.createTestingModule({
        imports: [ConfigModule.forRoot(config), HealthInfraModule, QueueModule],
      }).compile();
      const app = moduleRef.createNestApplication();
      await app.init();
      const queue = app.get<JobQueue>(JOB_QUEUE);

      expect((await app.get(HealthRegistry).checkAll()).checks.queue).toEqual({
        status: 'up',
        kind: 'pg-boss',
        detail: '0 waiting or running',
      });
      const seen: string[] = [];
      await queue.work('system.echo', async (job) => {
        seen.push(job.payload.message);
      });
      await queue.enqueue('system.echo', 'module-1', { message: 'through Nest' });
      await waitFor(() => seen.length === 1, 'the job to run', { timeoutMs: 10_000 });
      expect(seen).toEqual(['through Nest']);

      await app.close();
      await expect(queue.enqueue('system.echo', 'module-2', { message: 'too late' })).rejects.toThrow();
    });
  });
});
