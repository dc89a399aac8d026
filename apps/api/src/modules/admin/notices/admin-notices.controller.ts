import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { ListQueryDto } from '../../../common/http/list-query';
import { listResource, sqlResourceSpec } from '../../../common/http/simple-rest';
import { AdminNoticesService } from './admin-notices.service';
import { CreateNoticeDto, UpdateNoticeDto } from './notice.dto';
import { noticesResource } from './notices.resource';
import { GetNoticeForStaff, ListNoticesForStaff } from './queries/notices.queries';

const NOTICES_LIST = sqlResourceSpec(noticesResource);

/** Notices: the warning banners of the portal shell (published DASHBOARD notices) and institute/region notices. */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/notices')
export class AdminNoticesController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly notices: AdminNoticesService,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listResource(res, NOTICES_LIST, query, (q) => this.queryBus.execute(new ListNoticesForStaff(q)));
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return this.queryBus.execute(new GetNoticeForStaff(id));
  }

  @Post()
  async create(@Body() body: CreateNoticeDto, @CurrentPrincipal() staff: Principal) {
    return this.one(await this.notices.create(body, staff));
  }

  @Put(':id')
  async update(@Param('id') id: string, @Body() body: UpdateNoticeDto, @CurrentPrincipal() staff: Principal) {
    await this.notices.update(id, body, staff);
    return this.one(id);
  }

  @Delete(':id')
  remove(@Param('id') id: string, @CurrentPrincipal() staff: Principal) {
    return this.notices.remove(id, staff);
  }
}
