import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../common/auth/public.decorator';
import { HealthRegistry } from '../../infrastructure/health/health.registry';
import { ProjectionsService } from '../../infrastructure/projections/projections.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthRegistry,
    private readonly projections: ProjectionsService,
  ) {}

  /** Readiness of the database, event store and queue; 503 when any is down. Open for load balancers. */
  @Public()
  @Get()
  async check(@Res({ passthrough: true }) res: Response) {
    const report = await this.health.checkAll();
    res.status(report.status === 'ok' ? 200 : 503);
    // Projections report their progress but do not make the service unready: reads serve while they catch up.
    const projections = report.checks.database?.status === 'up' ? await this.projections.status().catch(() => []) : [];
    return {
      ...report,
      projections: projections.map(({ name, state, position, lagMs, lastError, rebuild }) => ({
        name,
        state,
        position,
        lagMs,
        lastError,
        rebuilding: rebuild !== null,
      })),
    };
  }
}
