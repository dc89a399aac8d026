import { APPLICATION_ERRORS, DomainError, type ApplicationFieldType, type ApplicationTemplate, type TypeCode } from '@credence/domain';
import { Injectable, Logger } from '@nestjs/common';
import { uuidV5 } from '../../../infrastructure/command-handling/event-stamping';
import { WrongExpectedRevisionError } from '../../../infrastructure/event-store/event-store.port';
import { AccountsRepository } from '../../identity';
import type { ApplicantRegistered } from '../../identity';
import { OwnersService, type OwnerTemplate } from '../../identity';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { ApplicationReadModels, onApplication } from '../core/application-stream';
import { APPLICATION_TABLE } from '../core/application-tables';

const APPLICATION_ID_NAMESPACE = '0f7c1d52-9a5e-4b8e-8f43-6d2b1c3a9e11';
const FIELD_TYPES: readonly ApplicationFieldType[] = ['TEXT', 'INTEGER', 'DATE', 'SELECT'];

/** The application an applicant gets from an owner: one per applicant and owner, so opening twice opens one. */
export const applicationIdFor = (userId: string, ownerId: string) => uuidV5(`${userId}/${ownerId}`, APPLICATION_ID_NAMESPACE);

/** The owner's template as the application keeps it (a template changed later leaves it as it was). */
export function templateOf(owner: OwnerTemplate): ApplicationTemplate {
  return {
    ownerId: owner.id,
    ownerCompanyId: owner.companyId,
    ownerName: owner.name,
    template: owner.template,
    logo: owner.logo,
    description: owner.description,
    applicantPays: owner.applicantPays,
    lockedInstitutes: owner.lockedInstitutes ?? [],
    pricingScheme: owner.pricingScheme,
    allowedTypes: owner.allowedTypes?.map((b) => ({ key: b.key as TypeCode, min: b.min ?? 0, max: b.max ?? 10 })) ?? null,
    fields: (owner.fields ?? []).map((f) => ({
      key: f.key,
      name: f.name,
      description: f.description ?? null,
      mask: f.mask ?? null,
      type: FIELD_TYPES.includes(f.type as ApplicationFieldType) ? (f.type as ApplicationFieldType) : f.values?.length ? 'SELECT' : 'TEXT',
      refData: f.refData ?? null,
      values: f.values ?? null,
      required: f.required ?? false,
      filter: f.filter ?? false,
    })),
    documentRequirements: (owner.documentRequirements ?? []).map((r) => ({ id: r.id, name: r.name, required: r.required ?? false })),
  };
}

/**
 * Opens the application of an applicant who registered through an owner's page or invitation (identity tells
 * us right after registration), and, from the sweep, for any applicant a crash left without one.
 */
@Injectable()
export class ApplicationOpener {
  private readonly logger = new Logger('ApplicationOpener');

  constructor(
    private readonly commands: CommandHandling,
    private readonly readModels: ApplicationReadModels,
    private readonly owners: OwnersService,
    private readonly accounts: AccountsRepository,
  ) {}

  async open(e: ApplicantRegistered): Promise<string | null> {
    const owner = await this.owners.template(e.ownerId);
    if (!owner) {
      this.logger.warn(`applicant ${e.userId}: application owner ${e.ownerId} not found`);
      return null;
    }
    const applicationId = applicationIdFor(e.userId, owner.id);
    try {
      const appended = await this.commands.handleCommand(
        onApplication(
          applicationId,
          {
            type: 'OpenApplication',
            actor: { kind: 'system', process: 'registration' },
            applicationId,
            template: templateOf(owner),
            applicant: { companyId: e.companyId, userId: e.userId, username: e.username, firstname: e.firstname, lastname: e.lastname },
            customerReference: e.customerReference,
          },
          { commandId: `open-application/${applicationId}`, actor: e.username },
        ),
      );
      await this.readModels.settle(appended.position);
    } catch (err) {
      const already = err instanceof WrongExpectedRevisionError || (err instanceof DomainError && err.message === APPLICATION_ERRORS.exists().message);
      if (!already) throw err;
    }
    return applicationId;
  }

  /** Applicants whose registration named an owner but who have no application to it yet. */
  async openMissing() {
    const { rows } = await this.accounts.pool.query<{ id: string; username: string; companyId: string; firstname: string; lastname: string; ownerId: string; ref: string | null }>(
      `SELECT u.id, u.username, u.company_id AS "companyId", u.firstname, u.lastname, u.application_owner_id AS "ownerId", u.application_ref AS ref
         FROM users u
        WHERE u.application_owner_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM "${APPLICATION_TABLE}" a WHERE a."applicantCompanyId" = u.company_id AND a."ownerId" = u.application_owner_id)
        LIMIT 100`,
    );
    for (const r of rows) {
      await this.open({ userId: r.id, username: r.username, companyId: r.companyId, firstname: r.firstname, lastname: r.lastname, ownerId: r.ownerId, customerReference: r.ref });
    }
  }
}
