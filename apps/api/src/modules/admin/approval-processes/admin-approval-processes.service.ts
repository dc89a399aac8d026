import { DomainError } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Principal } from '../../../common/auth/principal';
import { oneRow } from '../../../common/http/simple-rest';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { staffActor } from '../shared/staff-actor';
import type { CreateApprovalProcessDto, UpdateApprovalProcessDto } from './approval-process.dto';
import { approvalProcessesResource } from './approval-processes.resource';

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/** Staff writes to the approval processes (names unique), each recorded on the audit stream. */
@Injectable()
export class AdminApprovalProcessesService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly audit: AuditService,
  ) {}

  /** The new process's id. */
  async create(body: CreateApprovalProcessDto, staff: Principal): Promise<string> {
    const p = { name: body.name, description: body.description ?? null, active: body.active ?? true };
    const { rows } = await this.pool
      .query<{
        id: string;
      }>(`INSERT INTO approval_processes (name, description, active) VALUES ($1, $2, $3) RETURNING id`, [p.name, p.description, p.active])
      .catch((e: unknown) => {
        throw isUniqueViolation(e)
          ? new DomainError('conflict', `An approval process named '${p.name}' already exists.`)
          : e;
      });
    const id = String(rows[0].id);
    await this.audit.record('ApprovalProcessCreated', { approvalProcessId: id, ...p }, staffActor(staff));
    return id;
  }

  async update(id: string, p: UpdateApprovalProcessDto, staff: Principal): Promise<void> {
    const before = await oneRow(this.pool, approvalProcessesResource, id, 'Approval process');
    const changed = (['name', 'description', 'active'] as const).filter(
      (k) => p[k] !== undefined && p[k] !== before[k],
    );
    if (!changed.length) return;
    await this.pool
      .query(
        `UPDATE approval_processes SET ${changed.map((k, i) => `${k} = $${i + 2}`).join(', ')} WHERE id::text = $1`,
        [id, ...changed.map((k) => p[k])],
      )
      .catch((e: unknown) => {
        throw isUniqueViolation(e)
          ? new DomainError('conflict', `An approval process named '${p.name}' already exists.`)
          : e;
      });
    await this.audit.record(
      'ApprovalProcessUpdated',
      {
        approvalProcessId: id,
        changes: Object.fromEntries(changed.map((k) => [k, { from: before[k], to: p[k] }])),
      },
      staffActor(staff),
    );
  }

  /** The process as it was before it was deleted. */
  async remove(id: string, staff: Principal): Promise<Record<string, unknown>> {
    const before = await oneRow(this.pool, approvalProcessesResource, id, 'Approval process');
    // Resolutions keep the process's name, so removing it from the list loses nothing already recorded.
    await this.pool.query(`DELETE FROM approval_processes WHERE id::text = $1`, [id]);
    await this.audit.record(
      'ApprovalProcessDeleted',
      { approvalProcessId: id, name: before.name },
      staffActor(staff),
    );
    return before;
  }
}
