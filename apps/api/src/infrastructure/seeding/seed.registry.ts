import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Pool } from 'pg';
import type { AppConfig } from '../../config/config.schema';
import { APP_CONFIG } from '../../config/config.tokens';
import { PG_POOL } from '../database/database.tokens';

export interface SeedStep {
  /** Unique; a step that completed once is not run again on this database. */
  name: string;
  /** Lower runs first: reference data 10, accounts 20, catalogue 30, domain demo data 50+. */
  order: number;
  /** Reference data the product needs (countries, fixed institutes) runs always; demo data only with SEED_DEMO. */
  demo: boolean;
  run(): Promise<void>;
}

/**
 * Seeds an empty database at start-up: modules register steps in onModuleInit, and the steps run in order once
 * the application has started its modules, each recorded in seed_runs (made by migration 0001) so a restart does
 * not repeat it.
 */
@Injectable()
export class SeedRegistry implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seeding');
  private readonly steps: SeedStep[] = [];

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  register(step: SeedStep) {
    this.steps.push(step);
  }

  async onApplicationBootstrap() {
    await this.runAll();
  }

  async runAll(): Promise<string[]> {
    const ran: string[] = [];
    const client = await this.pool.connect();
    try {
      // One seeder at a time across processes.
      await client.query(`SELECT pg_advisory_lock(hashtext('seeding'))`);
      for (const step of [...this.steps].sort((a, b) => a.order - b.order)) {
        if (step.demo && !this.config.seedDemo) continue;
        const done = await client.query('SELECT 1 FROM seed_runs WHERE name = $1', [step.name]);
        if (done.rowCount) continue;
        const started = Date.now();
        await step.run();
        await client.query('INSERT INTO seed_runs (name) VALUES ($1) ON CONFLICT DO NOTHING', [step.name]);
        this.logger.log(`seeded ${step.name} in ${Date.now() - started} ms`);
        ran.push(step.name);
      }
    } finally {
      await client.query(`SELECT pg_advisory_unlock(hashtext('seeding'))`).catch(() => undefined);
      client.release();
    }
    return ran;
  }
}
