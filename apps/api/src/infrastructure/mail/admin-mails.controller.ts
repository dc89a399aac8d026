import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { StaffOnly } from '../../common/auth/roles.decorator';
import { ListQueryDto } from '../../common/http/list-query';
import { listResource, sqlResourceSpec } from '../../common/http/simple-rest';
import { GetMailForStaff, ListMailsForStaff, mailsResource } from './mail-outbox.queries';

const MAILS_LIST = sqlResourceSpec(mailsResource);

/** The outbox as the simple-rest resource `mails`, for staff (the console and the browser journeys). */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/mails')
export class AdminMailsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listResource(res, MAILS_LIST, query, (q) => this.queryBus.execute(new ListMailsForStaff(q)));
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return this.queryBus.execute(new GetMailForStaff(id));
  }
}
