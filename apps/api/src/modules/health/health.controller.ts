import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../common/auth/public.decorator';
import { HealthRegistry } from '../../infrastructure/health/health.registry';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthRegistry) {}

  /** Readiness of the database, event store and queue; 503 when any is down. Open for load balancers. */
  @Public()
  @Get()
  async check(@Res({ passthrough: true }) res: Response) {
    const report = await this.health.checkAll();
    res.status(report.status === 'ok' ? 200 : 503);
    return report;
  }
}
