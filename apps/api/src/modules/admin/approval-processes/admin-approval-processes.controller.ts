import { ListQueryDto } from '../../../common/http/list-query';
import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DomainError } from '@credence/domain';
import type { Response } from 'express';
import type { Pool } from 'pg';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { CreateApprovalProcessDto, UpdateApprovalProcessDto } from './approval-process.dto';
import { contains, filterAs, listRows, oneRow, type SqlResource } from '../../../common/http/simple-rest';
import { staffActor } from '../shared/staff-actor';

export const approvalProcessesResource: SqlResource<'name' | 'active' | 'createdAt'> = {
  resource: 'approval-processes',
  from: 'approval_processes p',
  id: 'p.id',
  select: `p.id::int AS id, p.name, p.description, p.active, p.created_at AS "createdAt"`,
  sortable: { name: 'lower(p.name)', active: 'p.active', createdAt: 'p.created_at' },
  defaultSort: ['name', 'ASC'],
  filters: {
    q: (v, bind) => {
      const p = bind(contains(filterAs.text('q', v)));
      return `(p.name ILIKE ${p} OR p.description ILIKE ${p})`;
    },
    active: (v, bind) => `p.active = ${bind(filterAs.boolean('active', v))}`,
  },
};

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

@ApiTags('admin')
@StaffOnly()
@Controller('admin/approval-processes')
export class AdminApprovalProcessesController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly audit: AuditService,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listRows(this.pool, approvalProcessesResource, query, res);
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return oneRow(this.pool, approvalProcessesResource, id, 'Approval process');
  }

  @Post()
  async create(@Body() body: CreateApprovalProcessDto, @CurrentPrincipal() staff: Principal) {
    const p = { name: body.name, description: body.description ?? null, active: body.active ?? true };
    const { rows } = await this.pool
      .query<{ id: string }>(`INSERT INTO approval_processes (name, description, active) VALUES ($1, $2, $3) RETURNING id`, [
        p.name,
        p.description,
        p.active,
      ])
      .catch((e: unknown) => {
        throw isUniqueViolation(e) ? new DomainError('conflict', `An approval process named '${p.name}' already exists.`) : e;
      });
    const id = String(rows[0].id);
    await this.audit.record('ApprovalProcessCreated', { approvalProcessId: id, ...p }, staffActor(staff));
    return oneRow(this.pool, approvalProcessesResource, id, 'Approval process');
  }

  @Put(':id')
  async update(@Param('id') id: string, @Body() p: UpdateApprovalProcessDto, @CurrentPrincipal() staff: Principal) {
    const before = await oneRow(this.pool, approvalProcessesResource, id, 'Approval process');
    const changed = (['name', 'description', 'active'] as const).filter((k) => p[k] !== undefined && p[k] !== before[k]);
    if (changed.length) {
      await this.pool
        .query(`UPDATE approval_processes SET ${changed.map((k, i) => `${k} = $${i + 2}`).join(', ')} WHERE id::text = $1`, [
          id,
          ...changed.map((k) => p[k]),
        ])
        .catch((e: unknown) => {
          throw isUniqueViolation(e) ? new DomainError('conflict', `An approval process named '${p.name}' already exists.`) : e;
        });
      await this.audit.record(
        'ApprovalProcessUpdated',
        { approvalProcessId: id, changes: Object.fromEntries(changed.map((k) => [k, { from: before[k], to: p[k] }])) },
        staffActor(staff),
      );
    }
    return oneRow(this.pool, approvalProcessesResource, id, 'Approval process');
  }

  @Delete(':id')
  async remove(@Param('id') id: string, @CurrentPrincipal() staff: Principal) {
    const before = await oneRow(this.pool, approvalProcessesResource, id, 'Approval process');
    // Resolutions keep the process's name, so removing it from the list loses nothing already recorded.
    await this.pool.query(`DELETE FROM approval_processes WHERE id::text = $1`, [id]);
    await this.audit.record('ApprovalProcessDeleted', { approvalProcessId: id, name: before.name }, staffActor(staff));
    return before;
  }
}
