import type { FailedJob } from '../../../infrastructure/queue/job-queue.port';

/** One dead-lettered job as the console lists it; `id` is `<queue>:<key>`. */
export interface FailedJobRow {
  id: string;
  queue: string;
  key: string;
  payload: unknown;
  attempts: number;
  error: string;
  failedAt: string;
}

export const failedJobRow = (j: FailedJob): FailedJobRow => ({
  id: `${j.queue}:${j.key}`,
  queue: j.queue,
  key: j.key,
  payload: j.payload,
  attempts: j.attempts,
  error: j.error,
  failedAt: new Date(j.failedAt).toISOString(),
});
