import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import type { Pool } from 'pg';
import { CurrentPrincipal, OptionalPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { Public } from '../../../common/auth/public.decorator';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { ListQueryDto } from '../../../common/http/list-query';
import { listRows } from '../../../common/http/simple-rest';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { portalClient } from '../shared/portal-client';
import { ErrorReportDto } from './error-report.dto';
import { errorReportsResource } from './error-reports.resource';
import { ErrorReportsService } from './error-reports.service';

/**
 * Where the portal reports its uncaught errors (access 9). Public on purpose: errors happen before sign-in too (the
 * sign-in page, a session that expired); a signed-in caller's username is kept with the report. Throttled.
 */
@ApiTags('debug')
@Controller('debug/errors')
export class ErrorReportsController {
  constructor(private readonly reports: ErrorReportsService) {}

  @Public()
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  @Post()
  @HttpCode(204)
  async report(
    @Body() body: ErrorReportDto,
    @OptionalPrincipal() principal: Principal | null,
    @Req() req: Request,
  ): Promise<void> {
    await this.reports.report(body, portalClient(principal, req));
  }
}

/** Staff administrators read and delete the reports (the console's Error reports), each linked to its replay. */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/error-reports')
export class AdminErrorReportsController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly reports: ErrorReportsService,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listRows(this.pool, errorReportsResource, query, res);
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return this.reports.one(id);
  }

  @Delete(':id')
  remove(@Param('id') id: string, @CurrentPrincipal() staff: Principal) {
    return this.reports.remove(id, staff);
  }
}
