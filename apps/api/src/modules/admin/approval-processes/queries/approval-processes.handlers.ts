import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { oneRow, sqlPage, type Page } from '../../../../common/http/simple-rest';
import { PG_POOL } from '../../../../infrastructure/database/database.tokens';
import { approvalProcessesResource } from '../approval-processes.resource';
import { GetApprovalProcessForStaff, ListApprovalProcessesForStaff } from './approval-processes.queries';

/** The approval_processes table (reference data staff edit, not event-sourced), read as it is. */
@QueryHandler(ListApprovalProcessesForStaff)
export class ListApprovalProcessesForStaffHandler implements IQueryHandler<ListApprovalProcessesForStaff> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  execute({ query }: ListApprovalProcessesForStaff): Promise<Page<Record<string, unknown>>> {
    return sqlPage(this.pool, approvalProcessesResource, query);
  }
}

@QueryHandler(GetApprovalProcessForStaff)
export class GetApprovalProcessForStaffHandler implements IQueryHandler<GetApprovalProcessForStaff> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  execute({ id }: GetApprovalProcessForStaff): Promise<Record<string, unknown>> {
    return oneRow(this.pool, approvalProcessesResource, id, 'Approval process');
  }
}

export const APPROVAL_PROCESS_QUERY_HANDLERS = [
  ListApprovalProcessesForStaffHandler,
  GetApprovalProcessForStaffHandler,
];
