import { APPLICATION_ERRORS, type ApplicationFieldDef } from '@credence/domain';
import type { ApplicationRow } from '@credence/read-models';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal';
import { OwnersService } from '../../identity';
import type { ApplicationAudience } from '../http/application.presenter';
import { ApplicationListQuery, scopeOf, type ApplicationScope } from './application-list.query';

/** Who reads which application, shared by the query handlers. */
@Injectable()
export class ApplicationAccess {
  constructor(
    private readonly lists: ApplicationListQuery,
    private readonly owners: OwnersService,
  ) {}

  /** The owner's fields offered as filters of the applicant history (organisations only). */
  async filterFields(scope: ApplicationScope): Promise<ApplicationFieldDef[]> {
    if (scope.kind !== 'owner') return [];
    const template = await this.owners.templateOfCompany(scope.companyId);
    return (template?.fields ?? []).filter((f) => f.filter) as ApplicationFieldDef[];
  }

  audience(principal: Principal): ApplicationAudience {
    return principal.qcAdmin ? 'staff' : principal.isIndividual ? 'applicant' : 'owner';
  }

  /** The application if the caller may read it: its applicant, its organisation, staff; 404 otherwise. */
  async readable(principal: Principal, id: string): Promise<ApplicationRow> {
    const row = await this.lists.get(id);
    const scope = scopeOf(principal);
    if (!row) throw APPLICATION_ERRORS.notFound();
    if (scope.kind === 'applicant' && row.applicantCompanyId !== scope.companyId) throw APPLICATION_ERRORS.notFound();
    if (scope.kind === 'owner' && row.ownerCompanyId !== scope.companyId) throw APPLICATION_ERRORS.notFound();
    return row;
  }
}
