import {
  APPLICATION_ERRORS,
  APPLICATION_STATUSES,
  DomainError,
  isApplicationStatus,
  type ApplicationStatus,
} from '@credence/domain';
import type { ApplicationRow, VerificationListRow } from '@credence/read-models';
import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { ListQueryDto } from '../../../common/http/list-query';
import { filterAs, listResource, type ResourceSpec } from '../../../common/http/simple-rest';
import { CommandBus } from '@nestjs/cqrs';
import { ArchiveApplication } from '../commands/handlers';
import { ApplicationListQuery, STAFF_SORTS, type StaffSort } from '../queries/application-list.query';
import { presentApplication } from './application.presenter';

const ADMIN_LIST: ResourceSpec<StaffSort> = {
  resource: 'applications',
  sortable: Object.keys(STAFF_SORTS) as StaffSort[],
  filterable: ['q', 'status', 'ownerCompanyId'],
  defaultSort: ['created', 'DESC'],
  maxPageSize: 200,
};
const invalid = (message: string) => new DomainError('invalid', message);

function statusesOf(
  value: string | number | boolean | (string | number | boolean)[] | undefined,
): ApplicationStatus[] | null {
  if (value === undefined) return null;
  const requested = filterAs
    .list(value)
    .flatMap((s) => s.split(','))
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  const unknown = requested.filter((s) => !isApplicationStatus(s));
  if (unknown.length)
    throw invalid(
      `Unknown application status: ${unknown.join(', ')}. Use ${APPLICATION_STATUSES.join(', ')}.`,
    );
  return requested.length ? (requested as ApplicationStatus[]) : null;
}

/**
 * One application as staff read it: the Application record (audience 'staff'), plus what the console links
 * by: owner and applicant ids, the flat names it sorts by, and every verification id (a verification not yet
 * in the list read model is missing from `verifications` but still named here).
 */
function presentForStaff(row: ApplicationRow, verifications: Map<string, VerificationListRow>) {
  const record = presentApplication(row, verifications, 'staff');
  const s = row.state;
  return {
    ...record,
    owner: { ...record.owner, companyId: row.ownerCompanyId },
    applicant: { ...record.applicant, companyId: row.applicantCompanyId, userId: s.applicant.userId },
    ownerId: row.ownerId,
    ownerCompanyId: row.ownerCompanyId,
    ownerName: row.ownerName,
    applicantCompanyId: row.applicantCompanyId,
    applicantName: row.applicantName,
    verificationIds: row.verificationIds,
  };
}

/**
 * The staff console's `applications` resource (ra-data-simple-rest): every application across organisations,
 * read from the application read model, and the staff archive (PUT with {status: 'ARCHIVED'} only), recorded
 * on the application's stream with the staff member as the event's actor.
 */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/applications')
export class AdminApplicationsController {
  constructor(
    private readonly lists: ApplicationListQuery,
    private readonly commandBus: CommandBus,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listResource(res, ADMIN_LIST, query, async (q) => {
      const f = q.filter;
      const owner = f.ownerCompanyId === undefined ? undefined : filterAs.text('ownerCompanyId', f.ownerCompanyId);
      const { rows, totalSize } = await this.lists.staffList(
        {
          scope: owner ? { kind: 'owner', companyId: owner } : { kind: 'all' },
          statuses: statusesOf(f.status),
          query: f.q === undefined ? undefined : filterAs.text('q', f.q).trim().slice(0, 200) || undefined,
          custom: {},
          ids: f.id,
        },
        q.sort,
        q.offset,
        q.limit,
      );
      const verifications = await this.lists.verifications(rows.flatMap((r) => r.verificationIds));
      return { rows: rows.map((r) => presentForStaff(r, verifications)), total: totalSize };
    });
  }

  @Get(':id')
  async one(@Param('id') id: string) {
    const row = await this.lists.get(id);
    if (!row) throw APPLICATION_ERRORS.notFound();
    return presentForStaff(row, await this.lists.verifications(row.verificationIds));
  }

  /** Staff archive. react-admin's update sends `data` only; anything but {status: 'ARCHIVED'} is refused. */
  @Put(':id')
  async update(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: unknown) {
    const fields =
      body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const others = Object.keys(fields).filter((k) => k !== 'status' && k !== 'id');
    if (fields.status !== 'ARCHIVED' || others.length)
      throw invalid("Staff can only archive an application: send {status: 'ARCHIVED'}.");
    if (!(await this.lists.get(id))) throw APPLICATION_ERRORS.notFound();
    await this.commandBus.execute(new ArchiveApplication(principal, id));
    return this.one(id);
  }
}
