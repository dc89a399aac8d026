import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { ListQueryDto } from '../../../common/http/list-query';
import { listResource } from '../../../common/http/simple-rest';
import { UpdateCountryDto } from '../dto/admin-institute.dto';
import { actorOf } from './actor-of';
import { COUNTRY_FILTERS, COUNTRY_SORTS } from './admin-reference.reads';
import { AdminReferenceService } from './admin-reference.service';
import { GetCountryForStaff, ListCountriesForStaff } from './queries/admin-catalogue.queries';

/** Simple-rest resource `countries`: ISO countries are not created or deleted, only edited (or disabled). */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/countries')
export class AdminCountriesController {
  constructor(
    private readonly reference: AdminReferenceService,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    const spec = {
      resource: 'countries',
      filterable: COUNTRY_FILTERS,
      sortable: COUNTRY_SORTS,
      defaultSort: ['name', 'ASC'],
    } as const;
    return listResource(res, spec, query, (q) => this.queryBus.execute(new ListCountriesForStaff(q)));
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return this.queryBus.execute(new GetCountryForStaff(id));
  }

  @Put(':id')
  update(@Param('id') id: string, @Body() body: UpdateCountryDto, @CurrentPrincipal() p: Principal) {
    return this.reference.updateCountry(id, body, actorOf(p));
  }
}
