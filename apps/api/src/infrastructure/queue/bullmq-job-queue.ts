import { Logger } from '@nestjs/common';
import { Queue, Worker, type Job as BullJob } from 'bullmq';
import { Redis } from 'ioredis';
import { bullJobId, bullQueueName, keyFromBullJobId } from './bullmq-names';
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

export interface BullMqJobQueueOptions {
  /** REDIS_URL */
  redisUrl: string;
  /** Namespace of every Redis key; default `credence`. Tests use one per case. */
  prefix?: string;
  /** How long init() waits for Redis before start-up fails. */
  connectTimeoutMs?: number;
  shutdownTimeoutMs?: number;
}

/** States that still lead to a run: waiting, running, or waiting out a delay or a retry backoff. */
const PENDING_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'] as const;

/**
 * The production-like option: BullMQ on Redis.
 * - Idempotency: the job id is the key; BullMQ ignores an add whose id exists. Finished jobs are kept
 *   KEEP_FINISHED_SECONDS (removeOnComplete/removeOnFail by age), which is the no-op window for finished keys.
 *   BullMQ trims by age when later jobs finish, so a job may outlive the window; it is never dropped before.
 * - Retries: BullMQ's exponential backoff, exact: retry n waits backoff * 2^(n-1).
 * - Dead letters: BullMQ's failed set per queue, merged newest first across queues.
 */
export class BullMqJobQueue implements JobQueue {
  private readonly logger = new Logger('JobQueue');
  /** Enqueueing and reading: default retry behaviour, so a request fails instead of waiting forever. */
  private readonly client: Redis;
  /** Workers: BullMQ requires maxRetriesPerRequest null for blocking reads; opened on the first work(). */
  private workerClient?: Redis;
  private readonly prefix: string;
  private readonly queues = new Map<QueueName, Queue>();
  private readonly workers: Worker[] = [];
  private closing?: Promise<void>;

  constructor(private readonly options: BullMqJobQueueOptions) {
    this.prefix = options.prefix ?? 'credence';
    this.client = this.connect({ lazyConnect: true });
  }

  async init(): Promise<void> {
    const ms = this.options.connectTimeoutMs ?? 5000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
    });
    try {
      await Promise.race([this.client.connect().then(() => this.client.ping()), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async enqueue<Q extends QueueName>(
    queue: Q,
    key: string,
    payload: JobPayloads[Q],
    options: EnqueueOptions = {},
  ) {
    const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
    if (!Number.isInteger(attempts) || attempts < 1) throw new Error(`attempts must be a positive integer`);
    await (
      await this.queue(queue)
    ).add(queue, payload, {
      jobId: bullJobId(key),
      attempts,
      backoff: { type: 'exponential', delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
      delay: options.delayMs,
      removeOnComplete: { age: KEEP_FINISHED_SECONDS },
      removeOnFail: { age: KEEP_FINISHED_SECONDS },
    });
  }

  async work<Q extends QueueName>(queue: Q, handler: JobHandler<Q>, options: { concurrency?: number } = {}) {
    await this.queue(queue);
    this.workerClient ??= this.connect({ maxRetriesPerRequest: null });
    const worker = new Worker<JobPayloads[Q]>(
      bullQueueName(queue),
      async (job) =>
        // attemptsMade counts the attempts that already failed.
        handler({
          queue,
          key: keyFromBullJobId(job.id ?? ''),
          payload: job.data,
          attempt: job.attemptsMade + 1,
        }),
      { connection: this.workerClient, prefix: this.prefix, concurrency: options.concurrency ?? 1 },
    );
    worker.on('error', (err) => this.logger.error(`BullMQ worker ${queue}: ${err.message}`));
    this.workers.push(worker);
    await worker.waitUntilReady();
  }

  async failed(options: { queue?: QueueName; limit?: number } = {}): Promise<FailedJob[]> {
    const limit = options.limit ?? DEFAULT_FAILED_LIMIT;
    const names = options.queue ? [options.queue] : await this.knownQueues();
    // Each failed set is newest first; the newest `limit` overall are among each queue's newest `limit`.
    const perQueue = await Promise.all(
      names.map(async (name) => {
        const jobs: (BullJob | undefined)[] = await (await this.queue(name)).getFailed(0, limit - 1);
        return jobs.filter((j): j is BullJob => !!j).map((j) => toFailedJob(name, j));
      }),
    );
    return perQueue
      .flat()
      .sort((a, b) => b.failedAt.getTime() - a.failedAt.getTime())
      .slice(0, limit);
  }

  /** BullMQ's Job.retry('failed') without resetting attemptsMade: the job gets one more attempt. */
  async retry(queue: QueueName, key: string): Promise<boolean> {
    const job = await (await this.queue(queue)).getJob(bullJobId(key));
    if (!job || !(await job.isFailed())) return false;
    await job.retry('failed');
    return true;
  }

  async depth(): Promise<Record<string, number>> {
    const names = await this.knownQueues();
    const counts = await Promise.all(
      names.map(async (name) => {
        const byState = await (await this.queue(name)).getJobCounts(...PENDING_STATES);
        return [name, Object.values(byState).reduce((a, b) => a + b, 0)] as const;
      }),
    );
    return Object.fromEntries(counts);
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown() {
    // Worker.close() stops fetching and waits for running handlers; past the timeout it is forced, and
    // BullMQ's stalled-job check hands the interrupted jobs to the next worker.
    const graceful = Promise.all(this.workers.map((w) => w.close()));
    const ms = this.options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      graceful.then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), ms))),
    ]);
    clearTimeout(timer);
    if (timedOut) {
      this.logger.warn(`handlers still running after ${ms} ms; closing anyway`);
      await Promise.all(this.workers.map((w) => w.close(true)));
    }
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    // Connections passed in are ours to close; BullMQ only closes the ones it opened itself.
    await Promise.all([this.client, this.workerClient].map((c) => (c ? quit(c) : undefined)));
  }

  /**
   * Queues touched by any process, kept in a Redis set so failed() and depth() also see queues this process
   * has not used since it started (a console reading the dead-letter list, for instance).
   */
  private get registryKey() {
    return `${this.prefix}:credence:queues`;
  }

  private async knownQueues(): Promise<QueueName[]> {
    return (await this.client.smembers(this.registryKey)) as QueueName[];
  }

  private async queue(name: QueueName): Promise<Queue> {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(bullQueueName(name), { connection: this.client, prefix: this.prefix });
      // A Queue passes on its connection's errors; with no listener BullMQ writes each one to the console (a stack
      // trace per queue and reconnect attempt while Redis is away). The shared connection's own listener has already
      // logged it (connect()), so here it is only a debug line.
      queue.on('error', (err) => this.logger.debug(`BullMQ queue ${name}: ${err.message}`));
      this.queues.set(name, queue);
      await this.client.sadd(this.registryKey, name);
    }
    return queue;
  }

  private connect(extra: { lazyConnect?: boolean; maxRetriesPerRequest?: null }) {
    const client = new Redis(this.options.redisUrl, {
      connectTimeout: this.options.connectTimeoutMs ?? 5000,
      ...extra,
    });
    // Without a listener ioredis prints every reconnect failure; it keeps reconnecting by itself.
    client.on('error', (err: Error) => this.logger.warn(`Redis: ${err.message}`));
    return client;
  }
}

function toFailedJob(queue: QueueName, job: BullJob): FailedJob {
  return {
    queue,
    key: keyFromBullJobId(job.id ?? ''),
    payload: job.data,
    attempts: job.attemptsMade,
    error: job.failedReason,
    failedAt: new Date(job.finishedOn ?? job.timestamp),
  };
}

async function quit(client: Redis) {
  if (client.status === 'end' || client.status === 'wait') return client.disconnect();
  await client.quit().catch(() => client.disconnect());
}
