import { ListQueryDto } from '../../../common/http/list-query';
import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DomainError } from '@credence/domain';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { ProjectionsService } from '../../../infrastructure/projections/projections.service';
import { filterAs, listInMemory, type MemoryResource } from '../../../common/http/simple-rest';
import { staffActor } from '../shared/staff-actor';
import { projectionRows, type ProjectionRow } from './projection-rows';

const resource: MemoryResource<ProjectionRow, 'name' | 'lagMs' | 'state' | 'eventsProcessed' | 'updatedAt'> = {
  resource: 'projections',
  sortable: {
    name: (r) => r.name,
    lagMs: (r) => r.lagMs,
    state: (r) => r.state,
    eventsProcessed: (r) => r.eventsProcessed,
    updatedAt: (r) => r.updatedAt,
  },
  defaultSort: ['name', 'ASC'],
  filters: {
    q: (r, v) => r.name.includes(filterAs.text('q', v)),
    state: (r, v) => filterAs.list(v).includes(r.state),
    healthy: (r, v) => r.healthy === filterAs.boolean('healthy', v),
  },
};

/** Read models: state, position, lag, last error, and a rebuild that runs beside the live version. */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/projections')
export class AdminProjectionsController {
  constructor(
    private readonly projections: ProjectionsService,
    private readonly audit: AuditService,
  ) {}

  @Get()
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listInMemory(await this.rows(), resource, query, res);
  }

  @Get(':name')
  async one(@Param('name') name: string) {
    const row = (await this.rows()).find((r) => r.name === name);
    if (!row) throw new DomainError('not-found', 'Projection not found.');
    return row;
  }

  @Post(':name/rebuild')
  @HttpCode(202)
  async rebuild(@Param('name') name: string, @CurrentPrincipal() staff: Principal) {
    if (!this.projections.list().some((d) => d.projection.name === name)) throw new DomainError('not-found', 'Projection not found.');
    await this.projections.requestRebuild(name);
    await this.audit.record('ProjectionRebuildRequested', { projection: name }, staffActor(staff));
    return this.one(name);
  }

  private async rows() {
    return projectionRows(await this.projections.status(), this.projections.list().map((d) => d.projection.name));
  }
}
