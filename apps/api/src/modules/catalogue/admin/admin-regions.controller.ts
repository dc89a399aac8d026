import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { ListQueryDto } from '../../../common/http/list-query';
import { listResource } from '../../../common/http/simple-rest';
import { UpdateRegionDto } from '../dto/admin-institute.dto';
import { actorOf } from './actor-of';
import { REGION_FILTERS, REGION_SORTS } from './admin-reference.reads';
import { AdminReferenceService } from './admin-reference.service';
import { GetRegionForStaff, ListRegionsForStaff } from './queries/admin-catalogue.queries';

/** Simple-rest resource `regions`: the map's UN M49 groups, renamed or given their member countries. */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/regions')
export class AdminRegionsController {
  constructor(
    private readonly reference: AdminReferenceService,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    const spec = {
      resource: 'regions',
      filterable: REGION_FILTERS,
      sortable: REGION_SORTS,
      defaultSort: ['sort', 'ASC'],
    } as const;
    return listResource(res, spec, query, (q) => this.queryBus.execute(new ListRegionsForStaff(q)));
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return this.queryBus.execute(new GetRegionForStaff(id));
  }

  @Put(':id')
  update(@Param('id') id: string, @Body() body: UpdateRegionDto, @CurrentPrincipal() p: Principal) {
    return this.reference.updateRegion(id, body, actorOf(p));
  }
}
