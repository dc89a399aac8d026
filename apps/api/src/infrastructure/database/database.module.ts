import { Global, Inject, Logger, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { APP_CONFIG } from '../../config/config.tokens';
import type { AppConfig } from '../../config/config.schema';
import { HealthRegistry } from '../health/health.registry';
import { PG_POOL } from './database.tokens';
import { createResilientPool } from './resilient-pool';

/**
 * One PostgreSQL and one pg pool for everything: the event store, the queue, the projections' read-model tables and
 * the hand-written queries over them. Tables are created by the migrations and written by the projections, so no ORM
 * connection sits beside this pool.
 */
@Global()
@Module({
  providers: [
    {
      provide: PG_POOL,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        // An idle client losing its server (restart, failover) must not crash the process; the next query reconnects.
        return createResilientPool({ connectionString: config.database.url, max: config.database.poolSize }, (err) =>
          new Logger('Database').warn(`idle client error: ${err.message}`),
        );
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
