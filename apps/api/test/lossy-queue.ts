import type { INestApplication } from '@nestjs/common';
import { JOB_QUEUE, type JobQueue, type QueueName } from '../src/infrastructure/queue/job-queue.port';

/**
 * Wraps the app's own job queue so that enqueues to the queues in `lose` are dropped, as a queue that lost them
 * (Redis without persistence, restarted) would have, and those in `delay` wait an hour; the tests fill and clear
 * the sets. The jobs that do go in are the real adapter's.
 */
export function lossyQueue(app: INestApplication): { lose: Set<QueueName>; delay: Set<QueueName> } {
  const lose = new Set<QueueName>();
  const delay = new Set<QueueName>();
  const queue = app.get<JobQueue>(JOB_QUEUE);
  const enqueue = queue.enqueue.bind(queue);
  queue.enqueue = (name, key, payload, options) => {
    if (lose.has(name)) return Promise.resolve();
    return enqueue(name, key, payload, delay.has(name) ? { ...options, delayMs: 3_600_000 } : options);
  };
  return { lose, delay };
}
