import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { ListQueryDto } from '../../../common/http/list-query';
import { listResource, sqlResourceSpec } from '../../../common/http/simple-rest';
import { AdminCountryNotificationsService } from './admin-country-notifications.service';
import { CreateCountryNotificationDto, UpdateCountryNotificationDto } from './country-notification.dto';
import { countryNotificationsResource } from './country-notifications.resource';
import {
  GetCountryNotificationForStaff,
  ListCountryNotificationsForStaff,
} from './country-notifications.queries';

const LIST = sqlResourceSpec(countryNotificationsResource);

/**
 * Country notifications (money 2.18), managed by staff in the console like notices and news: simple-rest, staff only
 * (auditors are refused, as on the other content resources), every write on the audit stream.
 */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/country-notifications')
export class AdminCountryNotificationsController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly notifications: AdminCountryNotificationsService,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listResource(res, LIST, query, (q) =>
      this.queryBus.execute(new ListCountryNotificationsForStaff(q)),
    );
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return this.queryBus.execute(new GetCountryNotificationForStaff(id));
  }

  @Post()
  async create(@Body() body: CreateCountryNotificationDto, @CurrentPrincipal() staff: Principal) {
    return this.one(await this.notifications.create(body, staff));
  }

  @Put(':id')
  async update(
    @Param('id') id: string,
    @Body() body: UpdateCountryNotificationDto,
    @CurrentPrincipal() staff: Principal,
  ) {
    await this.notifications.update(id, body, staff);
    return this.one(id);
  }

  @Delete(':id')
  remove(@Param('id') id: string, @CurrentPrincipal() staff: Principal) {
    return this.notifications.remove(id, staff);
  }
}
