import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { ListQueryDto } from '../../../common/http/list-query';
import { listResource, sqlResourceSpec } from '../../../common/http/simple-rest';
import { AdminApprovalProcessesService } from './admin-approval-processes.service';
import { CreateApprovalProcessDto, UpdateApprovalProcessDto } from './approval-process.dto';
import { approvalProcessesResource } from './approval-processes.resource';
import {
  GetApprovalProcessForStaff,
  ListApprovalProcessesForStaff,
} from './queries/approval-processes.queries';

const APPROVAL_PROCESSES_LIST = sqlResourceSpec(approvalProcessesResource);

@ApiTags('admin')
@StaffOnly()
@Controller('admin/approval-processes')
export class AdminApprovalProcessesController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly processes: AdminApprovalProcessesService,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listResource(res, APPROVAL_PROCESSES_LIST, query, (q) =>
      this.queryBus.execute(new ListApprovalProcessesForStaff(q)),
    );
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return this.queryBus.execute(new GetApprovalProcessForStaff(id));
  }

  @Post()
  async create(@Body() body: CreateApprovalProcessDto, @CurrentPrincipal() staff: Principal) {
    return this.one(await this.processes.create(body, staff));
  }

  @Put(':id')
  async update(
    @Param('id') id: string,
    @Body() body: UpdateApprovalProcessDto,
    @CurrentPrincipal() staff: Principal,
  ) {
    await this.processes.update(id, body, staff);
    return this.one(id);
  }

  @Delete(':id')
  remove(@Param('id') id: string, @CurrentPrincipal() staff: Principal) {
    return this.processes.remove(id, staff);
  }
}
