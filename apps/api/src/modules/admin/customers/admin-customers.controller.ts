import { ListQueryDto } from '../../../common/http/list-query';
import { Body, Controller, Get, Inject, Param, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DomainError } from '@credence/domain';
import type { Response } from 'express';
import type { Pool } from 'pg';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { AccountsRepository } from '../../identity';
import { listRows, oneRow } from '../../../common/http/simple-rest';
import { staffActor } from '../shared/staff-actor';
import { customerChanges } from './customer-changes';
import { CustomerUpdateDto } from './customer-update.dto';
import { customersResource } from './customers.resource';

/**
 * Customers (companies and individuals) for staff: list, show and an update that acts at once (the console's
 * toggles send one PUT per switch). Every change is recorded on the customer's audit stream.
 */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/customers')
export class AdminCustomersController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly accounts: AccountsRepository,
    private readonly audit: AuditService,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listRows(this.pool, customersResource, query, res);
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return oneRow(this.pool, customersResource, id, 'Customer');
  }

  @Put(':id')
  async update(@Param('id') id: string, @Body() body: CustomerUpdateDto, @CurrentPrincipal() staff: Principal) {
    const current = await this.accounts.company(id);
    if (!current) throw new DomainError('not-found', 'Customer not found.');
    const { changes, diff } = customerChanges(current, body);
    if (Object.keys(changes).length) {
      await this.accounts.updateCompany(id, changes);
      await this.audit.record('CustomerUpdatedByStaff', { customerId: id, changes: diff }, staffActor(staff, id));
    }
    return oneRow(this.pool, customersResource, id, 'Customer');
  }
}
