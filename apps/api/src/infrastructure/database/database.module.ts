import { Global, Inject, Logger, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import { APP_CONFIG } from '../../config/config.tokens';
import type { AppConfig } from '../../config/config.schema';
import { HealthRegistry } from '../health/health.registry';
import { PG_POOL } from './database.tokens';
import { createResilientPool } from './resilient-pool';

/**
 * One PostgreSQL for everything in the embedded default: a raw pg pool for the event store, queue and other
 * hand-written SQL, and TypeORM for the read models.
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        type: 'postgres' as const,
        url: config.database.url,
        autoLoadEntities: true,
        synchronize: false,
        extra: { max: config.database.poolSize },
      }),
    }),
  ],
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
