import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { ListQueryDto } from '../../../common/http/list-query';
import { listResource, sqlResourceSpec } from '../../../common/http/simple-rest';
import { AdminCustomersService } from './admin-customers.service';
import { CustomerUpdateDto } from './customer-update.dto';
import { customersResource } from './customers.resource';
import { GetCustomerForStaff, ListCustomersForStaff } from './queries/customer.queries';

const CUSTOMERS_LIST = sqlResourceSpec(customersResource);

/**
 * Customers (companies and individuals) for staff: list, show and an update that acts at once (the console's
 * toggles send one PUT per switch). Every change is recorded on the customer's audit stream.
 */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/customers')
export class AdminCustomersController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly customers: AdminCustomersService,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listResource(res, CUSTOMERS_LIST, query, (q) =>
      this.queryBus.execute(new ListCustomersForStaff(q)),
    );
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return this.queryBus.execute(new GetCustomerForStaff(id));
  }

  @Put(':id')
  async update(
    @Param('id') id: string,
    @Body() body: CustomerUpdateDto,
    @CurrentPrincipal() staff: Principal,
  ) {
    await this.customers.update(staff, id, body);
    return this.one(id);
  }
}
