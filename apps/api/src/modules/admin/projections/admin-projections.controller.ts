import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { DomainError } from '@credence/domain';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { ListQueryDto } from '../../../common/http/list-query';
import { listResource, memoryResourceSpec } from '../../../common/http/simple-rest';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { ProjectionsService } from '../../../infrastructure/projections/projections.service';
import { staffActor } from '../shared/staff-actor';
import { GetProjection, ListProjections, projectionsResource } from './queries/projections.queries';

const PROJECTIONS_LIST = memoryResourceSpec(projectionsResource);

/** Read models: state, position, lag, last error, and a rebuild that runs beside the live version. */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/projections')
export class AdminProjectionsController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly projections: ProjectionsService,
    private readonly audit: AuditService,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listResource(res, PROJECTIONS_LIST, query, (q) => this.queryBus.execute(new ListProjections(q)));
  }

  @Get(':name')
  one(@Param('name') name: string) {
    return this.queryBus.execute(new GetProjection(name));
  }

  @Post(':name/rebuild')
  @HttpCode(202)
  async rebuild(@Param('name') name: string, @CurrentPrincipal() staff: Principal) {
    if (!this.projections.list().some((d) => d.projection.name === name))
      throw new DomainError('not-found', 'Projection not found.');
    await this.projections.requestRebuild(name);
    await this.audit.record('ProjectionRebuildRequested', { projection: name }, staffActor(staff));
    return this.one(name);
  }
}
