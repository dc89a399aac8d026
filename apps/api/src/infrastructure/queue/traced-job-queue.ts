import { SpanKind } from '@opentelemetry/api';
import { contextOf, currentTraceparent, tracer } from '../tracing/trace-context';
import type { EnqueueOptions, JobHandler, JobPayloads, JobQueue, QueueName } from './job-queue.port';

const TRACE_FIELD = '_traceparent';

/**
 * Wraps any queue adapter: the enqueuer's traceparent travels inside the payload, and each run of the job is a
 * consumer span continuing that trace, so a mail or PDF can be followed back to the request that caused it.
 */
export class TracedJobQueue implements JobQueue {
  constructor(private readonly inner: JobQueue) {}

  enqueue<Q extends QueueName>(queue: Q, key: string, payload: JobPayloads[Q], options?: EnqueueOptions) {
    const traceparent = currentTraceparent();
    const carried = traceparent ? { ...payload, [TRACE_FIELD]: traceparent } : payload;
    return this.inner.enqueue(queue, key, carried, options);
  }

  work<Q extends QueueName>(queue: Q, handler: JobHandler<Q>, options?: { concurrency?: number }) {
    return this.inner.work(
      queue,
      (job) => {
        const { [TRACE_FIELD]: traceparent, ...payload } = job.payload as JobPayloads[Q] & {
          [TRACE_FIELD]?: string;
        };
        return tracer().startActiveSpan(
          `job ${queue}`,
          {
            kind: SpanKind.CONSUMER,
            attributes: { 'credence.job.queue': queue, 'credence.job.attempt': job.attempt },
          },
          contextOf(traceparent),
          async (span) => {
            try {
              await handler({ ...job, payload: payload as unknown as JobPayloads[Q] });
            } catch (e) {
              span.recordException(e as Error);
              throw e;
            } finally {
              span.end();
            }
          },
        );
      },
      options,
    );
  }

  init = () => this.inner.init();
  failed: JobQueue['failed'] = (o) => this.inner.failed(o);
  retry: JobQueue['retry'] = (queue, key) => this.inner.retry(queue, key);
  depth = () => this.inner.depth();
  close = () => this.inner.close();
}
