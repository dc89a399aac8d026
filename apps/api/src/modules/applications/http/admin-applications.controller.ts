import { DomainError } from '@credence/domain';
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

  /**
   * Staff archive. react-admin's update sends `data` only; anything but {status: 'ARCHIVED'} is refused, so the body
   * is read whole here (a whitelisting DTO would drop the extra fields this must refuse).
   */
  @Put(':id')
  async update(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: unknown) {
    const fields =
      body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const others = Object.keys(fields).filter((k) => k !== 'status' && k !== 'id');
    if (fields.status !== 'ARCHIVED' || others.length)
      throw new DomainError('invalid', "Staff can only archive an application: send {status: 'ARCHIVED'}.");
    await this.one(id);
    await this.commandBus.execute(new ArchiveApplication(principal, id));
    return this.one(id);
  }
}
