import { Global, Inject, Logger, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { APP_CONFIG } from '../../config/config.tokens';
import type { AppConfig } from '../../config/config.schema';
import { HealthRegistry } from '../health/health.registry';
import { PG_POOL } from './database.tokens';
import { migrate } from './migrations';
import { createResilientPool } from './resilient-pool';

/** Brings the schema up to date before anything can use the pool (under the migrations' advisory lock). */
async function migrated(pool: Pool): Promise<Pool> {
  const logger = new Logger('Migrations');
  const client = await pool.connect();
  try {
    const ran = await migrate(client, { log: (m) => logger.debug(m) });
    if (ran.length) logger.log(`ran ${ran.map((m) => m.name).join(', ')}`);
  } finally {
    client.release();
  }
  return pool;
}

/**
 * One PostgreSQL and one pg pool for everything: the event store, the queue, the projections' read-model tables and
 * the hand-written queries over them. The pool is handed out only once the versioned migrations (apps/api/migrations,
 * node-pg-migrate) have brought the ordinary tables up to date; read models are created and rebuilt by their
 * projections. No ORM connection sits beside this pool (TypeORM was removed: it was booted with no entities).
 */
@Global()
@Module({
  providers: [
    {
      provide: PG_POOL,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig) => {
        // An idle client losing its server (restart, failover) must not crash the process; the next query reconnects.
        const pool = createResilientPool({ connectionString: config.database.url, max: config.database.poolSize }, (err) =>
          new Logger('Database').warn(`idle client error: ${err.message}`),
        );
        try {
          return await migrated(pool);
        } catch (e) {
          await pool.end().catch(() => undefined);
          throw e;
        }
      },
    },
  ],
  exports: [PG_POOL],
})
export class DatabaseModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly health: HealthRegistry,
  ) {}

  onModuleInit() {
    this.health.register({
      name: 'database',
      check: async () => {
        await this.pool.query('SELECT 1');
        return { status: 'up', kind: 'postgres' };
      },
    });
  }

  async onApplicationShutdown() {
    await this.pool.end();
  }
}
