import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { ListQueryDto } from '../../../common/http/list-query';
import { listResource, memoryResourceSpec } from '../../../common/http/simple-rest';
import { failedJobsResource, GetFailedJob, ListFailedJobs } from './queries/failed-jobs.queries';

const FAILED_JOBS_LIST = memoryResourceSpec(failedJobsResource);

/** The dead-letter list: jobs that used up their attempts (the most recent 1000). */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/failed-jobs')
export class AdminFailedJobsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listResource(res, FAILED_JOBS_LIST, query, (q) => this.queryBus.execute(new ListFailedJobs(q)));
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return this.queryBus.execute(new GetFailedJob(id));
  }
}
