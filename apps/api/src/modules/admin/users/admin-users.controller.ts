import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { ListQueryDto } from '../../../common/http/list-query';
import { listResource, sqlResourceSpec } from '../../../common/http/simple-rest';
import { AdminUsersService } from './admin-users.service';
import { GetUserForStaff, ListUsersForStaff } from './queries/user.queries';
import { UserUpdateDto } from './user-update.dto';
import { usersResource } from './users.resource';

const USERS_LIST = sqlResourceSpec(usersResource);

/** All users of all customers, for staff: list, show, update (disable, admin flag) and resend registration. */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/users')
export class AdminUsersController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly users: AdminUsersService,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listResource(res, USERS_LIST, query, (q) => this.queryBus.execute(new ListUsersForStaff(q)));
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return this.queryBus.execute(new GetUserForStaff(id));
  }

  @Put(':id')
  async update(@Param('id') id: string, @Body() body: UserUpdateDto, @CurrentPrincipal() staff: Principal) {
    await this.users.update(staff, id, body);
    return this.one(id);
  }

  @Post(':id/resend-registration')
  @HttpCode(200)
  resend(@Param('id') id: string, @CurrentPrincipal() staff: Principal) {
    return this.users.resendRegistration(staff, id);
  }
}
