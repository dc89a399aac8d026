import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Principal } from '../../../common/auth/principal';
import { oneRow } from '../../../common/http/simple-rest';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { staffActor } from '../shared/staff-actor';
import type { CreateNoticeDto, UpdateNoticeDto } from './notice.dto';
import { noticesResource } from './notices.resource';

/** Staff writes to the notices, each recorded on the audit stream. */
@Injectable()
export class AdminNoticesService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly audit: AuditService,
  ) {}

  /** The new notice's id. */
  async create(body: CreateNoticeDto, staff: Principal): Promise<string> {
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
    return id;
  }

  async update(id: string, n: UpdateNoticeDto, staff: Principal): Promise<void> {
    const before = await oneRow(this.pool, noticesResource, id, 'Notice');
    const columns = {
      message: 'message',
      scope: 'scope',
      type: 'type',
      instituteId: 'institute_id',
      regionId: 'region_id',
      published: 'published',
    } as const;
    const changed = (Object.keys(columns) as (keyof typeof columns)[]).filter(
      (k) => n[k] !== undefined && n[k] !== before[k],
    );
    if (!changed.length) return;
    await this.pool.query(
      `UPDATE notices SET ${changed.map((k, i) => `${columns[k]} = $${i + 2}`).join(', ')} WHERE id::text = $1`,
      [id, ...changed.map((k) => n[k])],
    );
    const type =
      changed.length === 1 && changed[0] === 'published'
        ? n.published
          ? 'NoticePublished'
          : 'NoticeUnpublished'
        : 'NoticeUpdated';
    await this.audit.record(
      type,
      { noticeId: id, changes: Object.fromEntries(changed.map((k) => [k, { from: before[k], to: n[k] }])) },
      staffActor(staff),
    );
  }

  /** The notice as it was before it was deleted. */
  async remove(id: string, staff: Principal): Promise<Record<string, unknown>> {
    const before = await oneRow(this.pool, noticesResource, id, 'Notice');
    await this.pool.query(`DELETE FROM notices WHERE id::text = $1`, [id]);
    await this.audit.record('NoticeDeleted', { noticeId: id, message: before.message }, staffActor(staff));
    return before;
  }
}
