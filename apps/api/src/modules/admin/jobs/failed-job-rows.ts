import type { FailedJobView } from '@credence/api-contract';
import type { FailedJob } from '../../../infrastructure/queue/job-queue.port';

export const failedJobRow = (j: FailedJob): FailedJobView => ({
  id: `${j.queue}:${j.key}`,
  queue: j.queue,
  key: j.key,
  payload: j.payload,
  attempts: j.attempts,
  error: j.error,
  failedAt: new Date(j.failedAt).toISOString(),
});
