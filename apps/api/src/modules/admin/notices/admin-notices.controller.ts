import { ListQueryDto } from '../../../common/http/list-query';
import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Pool } from 'pg';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { CreateNoticeDto, UpdateNoticeDto } from './notice.dto';
import { contains, filterAs, listRows, oneRow, type SqlResource } from '../../../common/http/simple-rest';
import { staffActor } from '../shared/staff-actor';

export const noticesResource: SqlResource<'createdAt' | 'scope' | 'published' | 'message'> = {
  resource: 'notices',
  from: 'notices n',
  id: 'n.id',
  select: `n.id::int AS id, n.message, n.scope, n.type, n.institute_id AS "instituteId", n.region_id AS "regionId",
    n.published, n.created_at AS "createdAt", n.created_by AS "createdBy"`,
  sortable: { createdAt: 'n.created_at', scope: 'n.scope', published: 'n.published', message: 'lower(n.message)' },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    q: (v, bind) => `n.message ILIKE ${bind(contains(filterAs.text('q', v)))}`,
    scope: (v, bind) => `n.scope = ANY(${bind(filterAs.list(v))})`,
    published: (v, bind) => `n.published = ${bind(filterAs.boolean('published', v))}`,
  },
};

/** Notices: the warning banners of the portal shell (published DASHBOARD notices) and institute/region notices. */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/notices')
export class AdminNoticesController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly audit: AuditService,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listRows(this.pool, noticesResource, query, res);
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return oneRow(this.pool, noticesResource, id, 'Notice');
  }

  @Post()
  async create(@Body() body: CreateNoticeDto, @CurrentPrincipal() staff: Principal) {
    const n = {
      message: body.message,
      scope: body.scope ?? 'DASHBOARD',
      type: body.type ?? null,
      instituteId: body.instituteId ?? null,
      regionId: body.regionId ?? null,
      published: body.published ?? false,
    };
    const { rows } = await this.pool.query<{ id: string }>(
      `INSERT INTO notices (message, scope, type, institute_id, region_id, published, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [n.message, n.scope, n.type, n.instituteId, n.regionId, n.published, staff.username],
    );
    const id = String(rows[0].id);
    await this.audit.record('NoticeCreated', { noticeId: id, ...n }, staffActor(staff));
    return oneRow(this.pool, noticesResource, id, 'Notice');
  }

  @Put(':id')
  async update(@Param('id') id: string, @Body() n: UpdateNoticeDto, @CurrentPrincipal() staff: Principal) {
    const before = await oneRow(this.pool, noticesResource, id, 'Notice');
    const columns = { message: 'message', scope: 'scope', type: 'type', instituteId: 'institute_id', regionId: 'region_id', published: 'published' } as const;
    const changed = (Object.keys(columns) as (keyof typeof columns)[]).filter((k) => n[k] !== undefined && n[k] !== before[k]);
    if (changed.length) {
      await this.pool.query(
        `UPDATE notices SET ${changed.map((k, i) => `${columns[k]} = $${i + 2}`).join(', ')} WHERE id::text = $1`,
        [id, ...changed.map((k) => n[k])],
      );
      const type = changed.length === 1 && changed[0] === 'published' ? (n.published ? 'NoticePublished' : 'NoticeUnpublished') : 'NoticeUpdated';
      await this.audit.record(type, { noticeId: id, changes: Object.fromEntries(changed.map((k) => [k, { from: before[k], to: n[k] }])) }, staffActor(staff));
    }
    return oneRow(this.pool, noticesResource, id, 'Notice');
  }

  @Delete(':id')
  async remove(@Param('id') id: string, @CurrentPrincipal() staff: Principal) {
    const before = await oneRow(this.pool, noticesResource, id, 'Notice');
    await this.pool.query(`DELETE FROM notices WHERE id::text = $1`, [id]);
    await this.audit.record('NoticeDeleted', { noticeId: id, message: before.message }, staffActor(staff));
    return before;
  }
}
