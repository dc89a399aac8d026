import type { FailedJobView } from '@credence/api-contract';
import { DomainError } from '@credence/domain';
import { Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { ListQueryDto } from '../../../common/http/list-query';
import { listResource, memoryResourceSpec } from '../../../common/http/simple-rest';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { JOB_QUEUE, type JobQueue, type QueueName } from '../../../infrastructure/queue/job-queue.port';
import { staffActor } from '../shared/staff-actor';
import { failedJobsResource, GetFailedJob, ListFailedJobs } from './queries/failed-jobs.queries';

const FAILED_JOBS_LIST = memoryResourceSpec(failedJobsResource);

/** The dead-letter list: jobs that used up their attempts (the most recent 1000), and a retry for one of them. */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/failed-jobs')
export class AdminFailedJobsController {
  constructor(
    private readonly queryBus: QueryBus,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly audit: AuditService,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listResource(res, FAILED_JOBS_LIST, query, (q) => this.queryBus.execute(new ListFailedJobs(q)));
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return this.queryBus.execute(new GetFailedJob(id));
  }

  /**
   * Sends the job back to its queue for one more attempt (its processor acts only if there is still something to
   * do: a mail not sent, a check still running). Audited on the staff stream.
   */
  @Post(':id/retry')
  @HttpCode(200)
  async retry(@Param('id') id: string, @CurrentPrincipal() staff: Principal) {
    const job = (await this.queryBus.execute(new GetFailedJob(id))) as FailedJobView;
    if (!(await this.queue.retry(job.queue as QueueName, job.key))) {
      throw new DomainError('conflict', 'This job is no longer on the failed list.');
    }
    await this.audit.record('FailedJobRetried', { queue: job.queue, key: job.key }, staffActor(staff));
    return { id: job.id, queue: job.queue, key: job.key, retried: true };
  }
}
