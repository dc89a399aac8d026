import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { ListQueryDto } from '../../../common/http/list-query';
import { listResource, sqlResourceSpec } from '../../../common/http/simple-rest';
import { AdminNewsService } from './admin-news.service';
import { CreateNewsDto, UpdateNewsDto } from './news.dto';
import { newsResource } from './news.resource';
import { GetNewsItemForStaff, ListNewsForStaff } from './queries/news.queries';

const NEWS_LIST = sqlResourceSpec(newsResource);

/** The news and maintenance-alerts feed of the portal's home page (GET /v1/news/alerts). */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/news')
export class AdminNewsController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly news: AdminNewsService,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listResource(res, NEWS_LIST, query, (q) => this.queryBus.execute(new ListNewsForStaff(q)));
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return this.queryBus.execute(new GetNewsItemForStaff(id));
  }

  @Post()
  async create(@Body() body: CreateNewsDto, @CurrentPrincipal() staff: Principal) {
    return this.one(await this.news.create(body, staff));
  }

  @Put(':id')
  async update(@Param('id') id: string, @Body() body: UpdateNewsDto, @CurrentPrincipal() staff: Principal) {
    await this.news.update(id, body, staff);
    return this.one(id);
  }

  @Delete(':id')
  remove(@Param('id') id: string, @CurrentPrincipal() staff: Principal) {
    return this.news.remove(id, staff);
  }
}
