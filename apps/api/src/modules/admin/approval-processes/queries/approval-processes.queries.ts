import type { ListQuery } from '../../../../common/http/list-query';
import type { ApprovalProcessSort } from '../approval-processes.resource';

/** GET /admin/approval-processes: one page of the approval processes. */
export class ListApprovalProcessesForStaff {
  constructor(readonly query: ListQuery<ApprovalProcessSort>) {}
}

/** GET /admin/approval-processes/{id} (and the record after a staff change). */
export class GetApprovalProcessForStaff {
  constructor(readonly id: string) {}
}
