import { ListQueryDto } from '../../../common/http/list-query';
import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DomainError } from '@credence/domain';
import type { Response } from 'express';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { JOB_QUEUE, type FailedJob, type JobQueue } from '../../../infrastructure/queue/job-queue.port';
import { filterAs, listInMemory, type MemoryResource } from '../../../common/http/simple-rest';

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

const resource: MemoryResource<FailedJobRow, 'failedAt' | 'queue' | 'attempts'> = {
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

/** The dead-letter list: jobs that used up their attempts (the most recent 1000). */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/failed-jobs')
export class AdminFailedJobsController {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  @Get()
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listInMemory(await this.rows(), resource, query, res);
  }

  @Get(':id')
  async one(@Param('id') id: string) {
    const row = (await this.rows()).find((r) => r.id === id);
    if (!row) throw new DomainError('not-found', 'Failed job not found.');
    return row;
  }

  private async rows() {
    return (await this.queue.failed({ limit: 1000 })).map(failedJobRow);
  }
}
