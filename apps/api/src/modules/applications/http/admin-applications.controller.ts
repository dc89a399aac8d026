import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { ListQueryDto } from '../../../common/http/list-query';
import { listResource, type ResourceSpec } from '../../../common/http/simple-rest';
import { ArchiveApplication } from '../commands/handlers';
import { STAFF_SORTS, type StaffSort } from '../queries/application-list.query';
import { GetApplicationForStaff, ListApplicationsForStaff } from '../queries/application.queries';
import { StaffArchiveDto } from './application.dto';

const ADMIN_LIST: ResourceSpec<StaffSort> = {
  resource: 'applications',
  sortable: Object.keys(STAFF_SORTS) as StaffSort[],
  filterable: ['q', 'status', 'ownerCompanyId'],
  defaultSort: ['created', 'DESC'],
  maxPageSize: 200,
};

/**
 * The staff console's `applications` resource (ra-data-simple-rest): every application across organisations,
 * read from the application read model, and the staff archive (PUT with {status: 'ARCHIVED'} only), recorded
 * on the application's stream with the staff member as the event's actor.
 */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/applications')
export class AdminApplicationsController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly commandBus: CommandBus,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listResource(res, ADMIN_LIST, query, (q) => this.queryBus.execute(new ListApplicationsForStaff(q)));
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return this.queryBus.execute(new GetApplicationForStaff(id));
  }

  /** Staff archive: {status: 'ARCHIVED'} only (StaffArchiveDto refuses anything else). */
  @Put(':id')
  async update(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() _body: StaffArchiveDto) {
    await this.one(id);
    await this.commandBus.execute(new ArchiveApplication(principal, id));
    return this.one(id);
  }
}
