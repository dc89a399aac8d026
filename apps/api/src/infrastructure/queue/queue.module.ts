import { metrics } from '@opentelemetry/api';
import { Global, Inject, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.tokens';
import type { AppConfig } from '../../config/config.schema';
import { HealthRegistry } from '../health/health.registry';
import { BullMqJobQueue } from './bullmq-job-queue';
import { JOB_QUEUE, type JobQueue } from './job-queue.port';
import { PgBossJobQueue } from './pg-boss-job-queue';
import { TracedJobQueue } from './traced-job-queue';

/** Which adapter serves JOB_QUEUE: pg-boss in the app's PostgreSQL unless REDIS_URL asks for BullMQ. */
export function createJobQueue(config: AppConfig): JobQueue {
  // main.ts exits the process after SHUTDOWN_TIMEOUT_MS in total; draining jobs gets most of it, so the queue
  // still closes its connections itself before that.
  const shutdownTimeoutMs = Math.floor(config.shutdownTimeoutMs * 0.8);
  switch (config.queue.kind) {
    case 'postgres':
      return new PgBossJobQueue({ connectionString: config.database.url, shutdownTimeoutMs });
    case 'bullmq':
      return new BullMqJobQueue({ redisUrl: config.queue.redisUrl, shutdownTimeoutMs });
    default: {
      const never: never = config.queue;
      throw new Error(`unknown queue kind: ${JSON.stringify(never)}`);
    }
  }
}

/**
 * Global, so job processors and command handlers in any module can inject JOB_QUEUE. The provider is async
 * and resolves only after init(): whoever injects it (a processor calling work() in its own onModuleInit,
 * say) gets a started queue, whatever order Nest initialises modules in.
 */
@Global()
@Module({
  providers: [
    {
      provide: JOB_QUEUE,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig) => {
        const queue = new TracedJobQueue(createJobQueue(config));
        await queue.init();
        return queue;
      },
    },
  ],
  exports: [JOB_QUEUE],
})
export class QueueModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly health: HealthRegistry,
  ) {}

  onModuleInit() {
    metrics
      .getMeter('credence-api')
      .createObservableGauge('credence.queue.depth', { description: 'Jobs waiting or running' })
      .addCallback(async (result) => {
        const depth = await this.queue.depth().catch(() => ({}) as Record<string, number>);
        for (const [queue, n] of Object.entries(depth)) result.observe(n, { queue });
      });
    const kind = this.config.queue.kind === 'postgres' ? 'pg-boss' : 'bullmq';
    this.health.register({
      name: 'queue',
      // depth() goes through the same connection and tables as the jobs, so it answering means jobs flow.
      check: async () => {
        const depth = await this.queue.depth();
        const waiting = Object.values(depth).reduce((a, b) => a + b, 0);
        return { status: 'up', kind, detail: `${waiting} waiting or running` };
      },
    });
  }

  /** Lets running jobs finish (up to SHUTDOWN_TIMEOUT_MS), then closes the queue's connections. */
  async onApplicationShutdown() {
    await this.queue.close();
  }
}
