import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { TeamAdminOnly } from '../../../common/auth/roles.decorator';
import { AccessTogglesDto, AccountDto, CompanyDto, TeamUserDto } from '../dto/identity.dto';
import { AccountService } from '../team/account.service';
import { TeamService } from '../team/team.service';

/** access.md 7.3: the signed-in user's account, organisation and team. */
@ApiTags('account')
@Controller()
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly team: TeamService,
  ) {}

  @Get('account')
  get(@CurrentPrincipal() p: Principal) {
    return this.account.get(p);
  }

  @Put('account')
  @HttpCode(204)
  async update(@CurrentPrincipal() p: Principal, @Body() body: AccountDto) {
    await this.account.update(p, body);
  }

  /** Staff impersonating a customer flip its access flags (the shell's toggles). */
  @Put('account/access')
  toggleAccess(@CurrentPrincipal() p: Principal, @Body() body: AccessTogglesDto) {
    return this.account.toggleAccess(p, body);
  }

  @TeamAdminOnly()
  @Put('company')
  updateCompany(@CurrentPrincipal() p: Principal, @Body() body: CompanyDto) {
    return this.account.updateCompany(p, body);
  }

  @Get('user')
  users(
    @CurrentPrincipal() p: Principal,
    @Query('query') query?: string,
    @Query('includePending') includePending?: string,
    @Query('orderBy') orderBy?: string,
  ) {
    return this.team.list(p, { query, includePending: includePending !== 'false', orderBy });
  }

  @TeamAdminOnly()
  @Post('user')
  async addUser(@CurrentPrincipal() p: Principal, @Body() body: TeamUserDto, @Res({ passthrough: true }) res: Response) {
    const outcome = await this.team.add(p, body);
    res.status(outcome === 'added' ? 201 : 200);
    return { outcome };
  }

  @TeamAdminOnly()
  @Put('user')
  updateUser(@CurrentPrincipal() p: Principal, @Body() body: TeamUserDto) {
    return this.team.update(p, body);
  }

  @TeamAdminOnly()
  @Delete('user')
  @HttpCode(204)
  async deleteUser(@CurrentPrincipal() p: Principal, @Query('username') username: string) {
    await this.team.remove(p, username);
  }
}
