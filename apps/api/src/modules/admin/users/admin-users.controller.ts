import { ListQueryDto } from '../../../common/http/list-query';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Pool } from 'pg';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { listRows, oneRow } from '../../../common/http/simple-rest';
import { AdminUsersService } from './admin-users.service';
import { usersResource } from './users.resource';
import { UserUpdateDto } from './user-update.dto';

/** All users of all customers, for staff: list, show, update (disable, admin flag) and resend registration. */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/users')
export class AdminUsersController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly users: AdminUsersService,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listRows(this.pool, usersResource, query, res);
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return oneRow(this.pool, usersResource, id, 'User');
  }

  @Put(':id')
  async update(@Param('id') id: string, @Body() body: UserUpdateDto, @CurrentPrincipal() staff: Principal) {
    await this.users.update(staff, id, body);
    return oneRow(this.pool, usersResource, id, 'User');
  }

  @Post(':id/resend-registration')
  @HttpCode(200)
  resend(@Param('id') id: string, @CurrentPrincipal() staff: Principal) {
    return this.users.resendRegistration(staff, id);
  }
}
