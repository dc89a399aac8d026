import { Logger } from '@nestjs/common';
import { PgBoss, type JobWithMetadata } from 'pg-boss';
import { uuidV5 } from './deterministic-uuid';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  DEFAULT_FAILED_LIMIT,
  DEFAULT_SHUTDOWN_TIMEOUT_MS,
  KEEP_FINISHED_SECONDS,
} from './job-queue.defaults';
import type {
  EnqueueOptions,
  FailedJob,
  JobHandler,
  JobPayloads,
  JobQueue,
  QueueName,
} from './job-queue.port';
import { depthSql, errorMessage, failedSql, type FailedRow } from './pg-boss-queries';

export interface PgBossJobQueueOptions {
  /** DATABASE_URL: pg-boss keeps its tables in their own schema of the application's database. */
  connectionString: string;
  /** Default `pgboss`; tests give each case its own. Interpolated into SQL, so it must be a plain identifier. */
  schema?: string;
  /** pg-boss opens its own pool (it needs to stop it cleanly on shutdown). */
  poolSize?: number;
  /** How often an idle worker looks for new jobs; pg-boss's minimum is 0.5. Default 2. */
  pollingIntervalSeconds?: number;
  shutdownTimeoutMs?: number;
}

/**
 * The embedded default: jobs in PostgreSQL via pg-boss 12.
 * - Idempotency: the job id is a v5 uuid of queue and key, and pg-boss inserts with ON CONFLICT DO NOTHING,
 *   so enqueueing a key again is skipped while the first job's row exists (KEEP_FINISHED_SECONDS after it ends).
 * - Retries: pg-boss's own exponential backoff. Its delays are whole seconds and jittered: retry n waits
 *   between 1x and 2x of backoff * 2^(n-1), with backoff rounded up to at least one second.
 *   delayMs is rounded up to whole seconds too.
 * - Dead letters: a job that used its last attempt stays in pg-boss's `failed` state with the thrown error;
 *   failed() lists those rows. (pg-boss's deadLetter queues would copy each into a second, never-worked queue.)
 */
export class PgBossJobQueue implements JobQueue {
  private readonly logger = new Logger('JobQueue');
  private readonly boss: PgBoss;
  private readonly schema: string;
  private readonly queues = new Map<string, Promise<void>>();
  private closing?: Promise<void>;

  constructor(private readonly options: PgBossJobQueueOptions) {
    this.schema = options.schema ?? 'pgboss';
    if (!/^[a-z_][a-z0-9_]*$/.test(this.schema))
      throw new Error(`invalid pg-boss schema name: ${this.schema}`);
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      schema: this.schema,
      max: options.poolSize ?? 4,
      application_name: 'credence-jobs',
      // No cron schedules are used; leave the timekeeper off.
      schedule: false,
    });
    // An 'error' event without a listener would crash the process; pg-boss recovers by itself.
    this.boss.on('error', (err: Error) => this.logger.error(`pg-boss: ${err.message}`));
  }

  async init(): Promise<void> {
    await this.boss.start();
  }

  async enqueue<Q extends QueueName>(
    queue: Q,
    key: string,
    payload: JobPayloads[Q],
    options: EnqueueOptions = {},
  ) {
    await this.ensureQueue(queue);
    const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
    if (!Number.isInteger(attempts) || attempts < 1) throw new Error(`attempts must be a positive integer`);
    // A null id back means the key was already there: the no-op the port promises.
    await this.boss.send(queue, payload, {
      id: jobId(queue, key),
      // Only a label on a 'standard' queue (no uniqueness rule): it carries the key to workers and failed().
      singletonKey: key,
      retryLimit: attempts - 1,
      retryBackoff: true,
      retryDelay: Math.max(1, Math.ceil((options.backoffMs ?? DEFAULT_BACKOFF_MS) / 1000)),
      startAfter: options.delayMs ? Math.ceil(options.delayMs / 1000) : undefined,
      deleteAfterSeconds: KEEP_FINISHED_SECONDS,
    });
  }

  async work<Q extends QueueName>(queue: Q, handler: JobHandler<Q>, options: { concurrency?: number } = {}) {
    await this.ensureQueue(queue);
    await this.boss.work(
      queue,
      {
        includeMetadata: true,
        batchSize: 1,
        localConcurrency: options.concurrency ?? 1,
        // pg-boss looks for jobs once per interval per worker; 0.5 s is its minimum and keeps checks and mails prompt.
        pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 0.5,
      },
      async ([job]: JobWithMetadata<JobPayloads[Q]>[]) => {
        if (!job) return;
        // retryCount counts claims after the first, so it is the attempt number minus one.
        await handler({
          queue,
          key: job.singletonKey ?? job.id,
          payload: job.data,
          attempt: job.retryCount + 1,
        });
      },
    );
  }

  async failed(options: { queue?: QueueName; limit?: number } = {}): Promise<FailedJob[]> {
    const limit = options.limit ?? DEFAULT_FAILED_LIMIT;
    const params: unknown[] = options.queue ? [limit, options.queue] : [limit];
    const { rows } = await this.boss.getDb().executeSql(failedSql(this.schema, !!options.queue), params);
    return (rows as FailedRow[]).map((r) => ({
      queue: r.name as QueueName,
      key: r.key ?? r.id,
      payload: r.data,
      attempts: r.retry_count + 1,
      error: errorMessage(r.output),
      failedAt: r.completed_on,
    }));
  }

  /** pg-boss's retry(): a failed job goes back to 'retry' with one more attempt allowed (retry_limit + 1). */
  async retry(queue: QueueName, key: string): Promise<boolean> {
    await this.ensureQueue(queue);
    // Typed as an empty CommandResponse; pg-boss 12 answers { jobs, requested, affected }.
    const answer = (await this.boss.retry(queue, jobId(queue, key))) as { affected?: number };
    return (answer.affected ?? 0) > 0;
  }

  async depth(): Promise<Record<string, number>> {
    const { rows } = await this.boss.getDb().executeSql(depthSql(this.schema));
    return Object.fromEntries((rows as { name: string; depth: number }[]).map((r) => [r.name, r.depth]));
  }

  /** pg-boss's graceful stop: workers stop fetching, running handlers get until the timeout, then the pool closes. */
  close(): Promise<void> {
    this.closing ??= this.boss.stop({
      graceful: true,
      close: true,
      timeout: this.options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS,
    });
    return this.closing;
  }

  /** Queues must exist before send/work; createQueue is idempotent, so once per process is enough. */
  private ensureQueue(queue: QueueName): Promise<void> {
    let created = this.queues.get(queue);
    if (!created) {
      created = this.boss.createQueue(queue, { policy: 'standard' });
      created.catch(() => this.queues.delete(queue));
      this.queues.set(queue, created);
    }
    return created;
  }
}

/** A job's id: a v5 uuid of its queue and key, so a key enqueued again is the same row. */
const jobId = (queue: QueueName, key: string) => uuidV5(`${queue}\n${key}`);
