import type { FailedJobView } from '@credence/api-contract';
import { DomainError } from '@credence/domain';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListQuery } from '../../../../common/http/list-query';
import { filterAs, memoryPage, type MemoryResource, type Page } from '../../../../common/http/simple-rest';
import { JOB_QUEUE, type JobQueue } from '../../../../infrastructure/queue/job-queue.port';
import { failedJobRow } from '../failed-job-rows';

export type FailedJobSort = 'failedAt' | 'queue' | 'attempts';

/** The console's `failed-jobs` resource, filtered and sorted in memory. */
export const failedJobsResource: MemoryResource<FailedJobView, FailedJobSort> = {
  resource: 'failed-jobs',
  sortable: { failedAt: (r) => r.failedAt, queue: (r) => r.queue, attempts: (r) => r.attempts },
  defaultSort: ['failedAt', 'DESC'],
  filters: {
    queue: (r, v) => filterAs.list(v).includes(r.queue),
    q: (r, v) => {
      const text = filterAs.text('q', v).toLowerCase();
      return r.key.toLowerCase().includes(text) || r.error.toLowerCase().includes(text);
    },
  },
};

/** GET /admin/failed-jobs: one page of the dead-letter list. */
export class ListFailedJobs {
  constructor(readonly query: ListQuery<FailedJobSort>) {}
}

/** GET /admin/failed-jobs/{queue:key}. */
export class GetFailedJob {
  constructor(readonly id: string) {}
}

/** The queue's dead letters: jobs that used up their attempts (the most recent 1000). */
async function rows(queue: JobQueue): Promise<FailedJobView[]> {
  return (await queue.failed({ limit: 1000 })).map(failedJobRow);
}

@QueryHandler(ListFailedJobs)
export class ListFailedJobsHandler implements IQueryHandler<ListFailedJobs> {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  async execute({ query }: ListFailedJobs): Promise<Page<FailedJobView>> {
    return memoryPage(await rows(this.queue), failedJobsResource, query);
  }
}

@QueryHandler(GetFailedJob)
export class GetFailedJobHandler implements IQueryHandler<GetFailedJob> {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  async execute({ id }: GetFailedJob): Promise<FailedJobView> {
    const row = (await rows(this.queue)).find((r) => r.id === id);
    if (!row) throw new DomainError('not-found', 'Failed job not found.');
    return row;
  }
}

export const FAILED_JOB_QUERY_HANDLERS = [ListFailedJobsHandler, GetFailedJobHandler];
