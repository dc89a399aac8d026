import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { GetAdminDashboard } from './queries/admin-dashboard.query';

/** The console's home: verification counts, pending by institute, projection health, failed jobs, accounts. */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/dashboard')
export class AdminDashboardController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  summary() {
    return this.queryBus.execute(new GetAdminDashboard());
  }
}
