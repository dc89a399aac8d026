import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { ListQueryDto } from '../../../common/http/list-query';
import { listResource, memoryResourceSpec } from '../../../common/http/simple-rest';
import { auditEventsResource } from './audit-event-rows';
import { GetAuditEvent, ListAuditEvents } from './queries/audit-events.queries';

const AUDIT_EVENTS_LIST = memoryResourceSpec(auditEventsResource);

/**
 * The events of one stream, for audits and timelines: `audit-<company id>` (security changes and staff edits),
 * `verification-<id>` and the other areas' streams. Always one stream at a time: the whole log is not a list.
 */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/audit-events')
export class AdminAuditEventsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listResource(res, AUDIT_EVENTS_LIST, query, (q) => this.queryBus.execute(new ListAuditEvents(q)));
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return this.queryBus.execute(new GetAuditEvent(id));
  }
}
