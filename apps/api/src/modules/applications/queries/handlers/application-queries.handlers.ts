import { APPLICATION_ERRORS, APPLICATION_STATUSES, DomainError, isApplicationStatus, type ApplicationStatus } from '@credence/domain';
import type { ApplicationRow, VerificationListRow } from '@credence/read-models';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { filterAs, type RawFilter } from '../../../../common/http/simple-rest';
import { presentApplication } from '../../http/application.presenter';
import { ApplicationAccess } from '../application-access';
import { ApplicationBundle } from '../application-bundle';
import { ApplicationListQuery, criteriaOf, pagingOfApplications, scopeOf } from '../application-list.query';
import {
  CountApplications,
  GetApplication,
  GetApplicationDocument,
  GetApplicationForStaff,
  ListApplicationFilters,
  ListApplications,
  ListApplicationsForStaff,
  ListApplicationTemplates,
} from '../application.queries';

@QueryHandler(ListApplications)
export class ListApplicationsHandler implements IQueryHandler<ListApplications> {
  constructor(
    private readonly access: ApplicationAccess,
    private readonly lists: ApplicationListQuery,
  ) {}

  async execute({ principal, query }: ListApplications) {
    const scope = scopeOf(principal);
    const custom = new Set((await this.access.filterFields(scope)).map((f) => f.key));
    const page = await this.lists.list(criteriaOf(query, scope, custom), pagingOfApplications(query));
    const verifications = await this.lists.verifications(page.rows.flatMap((r) => r.verificationIds));
    const audience = this.access.audience(principal);
    return { content: page.rows.map((r) => presentApplication(r, verifications, audience)), totalSize: page.totalSize };
  }
}

@QueryHandler(ListApplicationFilters)
export class ListApplicationFiltersHandler implements IQueryHandler<ListApplicationFilters> {
  constructor(private readonly access: ApplicationAccess) {}

  async execute({ principal }: ListApplicationFilters) {
    const fields = await this.access.filterFields(scopeOf(principal));
    return fields.map((f) => ({ key: f.key, name: f.name, type: f.type ?? 'TEXT', refData: f.refData ?? null, values: f.values ?? null }));
  }
}

@QueryHandler(ListApplicationTemplates)
export class ListApplicationTemplatesHandler implements IQueryHandler<ListApplicationTemplates> {
  constructor(private readonly lists: ApplicationListQuery) {}

  /** [{id, name, paymentType}]: APPLICANT when its applicants pay, UPFRONT when the organisation does. */
  async execute({ principal }: ListApplicationTemplates) {
    if (principal.isIndividual) return [];
    const templates = await this.lists.templatesOf(principal.companyId);
    return templates.map((t) => ({ id: t.id, name: t.name, template: t.template, paymentType: t.applicantPays ? 'APPLICANT' : 'UPFRONT' }));
  }
}

@QueryHandler(CountApplications)
export class CountApplicationsHandler implements IQueryHandler<CountApplications> {
  constructor(private readonly lists: ApplicationListQuery) {}

  async execute({ principal, status }: CountApplications) {
    const scope = scopeOf(principal);
    const { statuses } = criteriaOf({ status }, scope, new Set());
    const counts = await this.lists.countByStatus({ scope, custom: {} });
    const keys = statuses ?? [...APPLICATION_STATUSES];
    // money 9: GET /application/meta answers resultCounts[].value, the verification meta's shape.
    return { resultCounts: keys.map((key) => ({ key, value: counts[key] ?? 0 })), openCount: counts.OPEN ?? 0 };
  }
}

@QueryHandler(GetApplication)
export class GetApplicationHandler implements IQueryHandler<GetApplication> {
  constructor(
    private readonly access: ApplicationAccess,
    private readonly lists: ApplicationListQuery,
  ) {}

  async execute({ principal, id }: GetApplication) {
    const row = await this.access.readable(principal, id);
    return presentApplication(row, await this.lists.verifications(row.verificationIds), this.access.audience(principal));
  }
}

@QueryHandler(GetApplicationDocument)
export class GetApplicationDocumentHandler implements IQueryHandler<GetApplicationDocument> {
  constructor(
    private readonly access: ApplicationAccess,
    private readonly bundle: ApplicationBundle,
  ) {}

  /** One of the application's own documents, or 'all': the bundle of every document and certificate. */
  async execute({ principal, id, documentId }: GetApplicationDocument): Promise<{ filename: string; bytes: Buffer }> {
    const row = await this.access.readable(principal, id);
    if (documentId === 'all') return this.bundle.build(principal, row);
    const doc = row.state.documents.find((d) => d.id === documentId);
    const bytes = doc && (await this.bundle.blob(doc.blobKey));
    if (!doc || !bytes) throw APPLICATION_ERRORS.documentNotFound();
    return { filename: doc.filename, bytes };
  }
}

function statusesOf(value: RawFilter | undefined): ApplicationStatus[] | null {
  if (value === undefined) return null;
  const requested = filterAs
    .list(value)
    .flatMap((s) => s.split(','))
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  const unknown = requested.filter((s) => !isApplicationStatus(s));
  if (unknown.length) throw new DomainError('invalid', `Unknown application status: ${unknown.join(', ')}. Use ${APPLICATION_STATUSES.join(', ')}.`);
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

@QueryHandler(ListApplicationsForStaff)
export class ListApplicationsForStaffHandler implements IQueryHandler<ListApplicationsForStaff> {
  constructor(private readonly lists: ApplicationListQuery) {}

  async execute({ query }: ListApplicationsForStaff) {
    const f = query.filter;
    const owner = f.ownerCompanyId === undefined ? undefined : filterAs.text('ownerCompanyId', f.ownerCompanyId);
    const { rows, totalSize } = await this.lists.staffList(
      {
        scope: owner ? { kind: 'owner', companyId: owner } : { kind: 'all' },
        statuses: statusesOf(f.status),
        query: f.q === undefined ? undefined : filterAs.text('q', f.q).trim().slice(0, 200) || undefined,
        custom: {},
        ids: f.id,
      },
      query.sort,
      query.offset,
      query.limit,
    );
    const verifications = await this.lists.verifications(rows.flatMap((r) => r.verificationIds));
    return { rows: rows.map((r) => presentForStaff(r, verifications)), total: totalSize };
  }
}

@QueryHandler(GetApplicationForStaff)
export class GetApplicationForStaffHandler implements IQueryHandler<GetApplicationForStaff> {
  constructor(private readonly lists: ApplicationListQuery) {}

  async execute({ id }: GetApplicationForStaff) {
    const row = await this.lists.get(id);
    if (!row) throw APPLICATION_ERRORS.notFound();
    return presentForStaff(row, await this.lists.verifications(row.verificationIds));
  }
}

export const APPLICATION_QUERY_HANDLERS = [
  ListApplicationsHandler,
  ListApplicationFiltersHandler,
  ListApplicationTemplatesHandler,
  CountApplicationsHandler,
  GetApplicationHandler,
  GetApplicationDocumentHandler,
  ListApplicationsForStaffHandler,
  GetApplicationForStaffHandler,
];
