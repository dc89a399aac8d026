import type { SubmissionQueryDto } from '../../dto/verification-queries.dto';
import {
  allowedTypes,
  applicationAllowed,
  canCreateVerification,
  DomainError,
  FIXED_INSTITUTE_OF_TYPE,
  IDENTITY_MAINTENANCE,
  identityUnderMaintenance,
  initialVerificationState,
  LOCKED_INSTITUTES_ONLY,
  takesInstitute,
  VerificationInvalid,
  type ApplicationState,
} from '@credence/domain';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import type { Principal } from '../../../../common/auth/principal';
import { APPLICATION_MEMBERSHIP, type ApplicationMembership } from '../../ports/application-membership.port';
import type { SubmissionBodyDto, SubmissionDto } from '../../dto/submission.dto';
import { Actors } from '../actors';
import type { UnappendedBlobs } from '../document-intake';
import { draftFrom, instituteIdOf, newVerificationId, refOf, typeAliasOf } from '../draft-input';
import { requestContext } from '../../../../infrastructure/logging/request-context';
import { InlineDocuments } from '../inline-documents';
import { InstituteLookup } from '../institute-lookup';
import { SubmissionCheckout } from '../submission-checkout';
import type { SubmissionEntry, SubmissionResult } from '../submission-entry';

/**
 * POST /verification: one submission or {verifications, creditPurchase}. `autosubmit=false` saves the entries as
 * drafts (AWAITING_CONSENT) instead of submitting and paying them.
 */
export class SubmitVerifications extends Command<SubmissionResult> {
  constructor(
    readonly principal: Principal,
    readonly body: SubmissionBodyDto,
    readonly autosubmit: boolean,
  ) {
    super();
  }

  /** The route's query read once: only the literal 'false' turns submitting off (the spec's default is on). */
  static fromRequest(principal: Principal, body: SubmissionBodyDto, query: SubmissionQueryDto) {
    return new SubmitVerifications(principal, body, (Array.isArray(query.autosubmit) ? query.autosubmit[0] : query.autosubmit) !== 'false');
  }
}

const MAX_BATCH = 50;
const cannotCreate = () => new DomainError('forbidden', 'Your account cannot request verifications.', 'QC-CANNOT-CREATE');

/** New verifications: each drafted (with its inline documents) on a new stream, then saved or submitted together. */
@CommandHandler(SubmitVerifications)
export class SubmitVerificationsHandler implements ICommandHandler<SubmitVerifications, SubmissionResult> {
  constructor(
    private readonly actors: Actors,
    private readonly institutes: InstituteLookup,
    private readonly documents: InlineDocuments,
    @Inject(APPLICATION_MEMBERSHIP) private readonly applications: ApplicationMembership,
    private readonly checkout: SubmissionCheckout,
  ) {}

  execute(command: SubmitVerifications): Promise<SubmissionResult> {
    return this.documents.within((unappended) => this.submit(command, unappended));
  }

  private async submit({ principal, body, autosubmit }: SubmitVerifications, unappended: UnappendedBlobs): Promise<SubmissionResult> {
    if (!canCreateVerification(principal)) throw cannotCreate();
    const company = await this.actors.company(principal);
    const actor = this.actors.customer(principal, company);
    const items: SubmissionDto[] = body.verifications ?? [body];
    if (!items.length) throw new VerificationInvalid([{ field: 'counts', message: 'At least one type of check must be selected' }]);
    if (items.length > MAX_BATCH) throw new DomainError('invalid', `At most ${MAX_BATCH} verifications can be submitted at once.`);
    oneIdentityPerPerson(items);
    const application = await this.applicationOf(principal, items);
    // Inside an application its allowedTypes decide (verifications 6: "an application's allowedTypes overrides within
    // it"), as the wizard offers them: an applicant is not refused the Identity Document the application asks for.
    const allowed = application ? applicationAllowed(allowedTypes(principal), application.template) : allowedTypes(principal);
    const user = await this.actors.accounts.userById(principal.userId);
    const requestedByName = user ? `${user.firstname} ${user.lastname}` : principal.username;
    const now = new Date().toISOString();

    const entries: SubmissionEntry[] = [];
    const correlationId = requestContext.getStore()?.correlationId;
    for (const [n, item] of items.entries()) {
      const id = newVerificationId(correlationId ? { correlationId, n } : undefined);
      const alias = typeAliasOf(item.type);
      if (alias === 'IDENTITY' && identityUnderMaintenance(now)) {
        throw new DomainError('unprocessable', IDENTITY_MAINTENANCE.message, 'QC-IDENTITY-MAINTENANCE');
      }
      const institute = await this.institutes.get(instituteIdOf(item, alias));
      if (application && !takesInstitute(application.template, institute?.id)) {
        throw new VerificationInvalid([{ field: 'institute', message: LOCKED_INSTITUTES_ONLY }]);
      }
      const draft = draftFrom(item, institute);
      entries.push({
        id,
        loaded: { state: initialVerificationState(), revision: 'no_stream', recorded: [] },
        institute,
        draft,
        consent: item.consent ?? item.consentTicked ?? body.consent ?? body.consentTicked ?? false,
        commands: [
          {
            type: 'DraftVerification',
            actor,
            verificationId: id,
            companyName: company.name,
            requestedByName,
            individual: company.individual,
            verificationType: alias ?? institute?.type ?? 'UNI',
            allowedTypes: allowed,
            institute: institute && refOf(institute),
            draft,
            today: now.slice(0, 10),
          },
          ...(await this.documents.attachments(id, item.documents, institute, draft.fields, actor, unappended)),
        ],
      });
    }
    return this.checkout.checkout(principal, company, actor, entries, { submit: autosubmit, creditPurchase: body.creditPurchase, application, now }, unappended);
  }

  /**
   * The application a submission names: the caller's own, still open (404 for anyone else's, 409 once closed).
   * One submission goes to one application.
   */
  private async applicationOf(principal: Principal, items: readonly SubmissionDto[]): Promise<ApplicationState | null> {
    const ids = new Set(items.map((i) => i.applicationId?.trim()).filter((id): id is string => !!id));
    if (ids.size > 1) throw new DomainError('invalid', 'The verifications of one submission must belong to one application.');
    const [id] = ids;
    return id ? this.applications.openFor(principal, id) : null;
  }
}

/** Verifications 2.2, the Identity Document card: 'Max one per individual.' */
export const ONE_IDENTITY_PER_PERSON = 'Identity Document: Max one per individual.';

/**
 * The wizard's limit of one Identity Document per individual, kept by the API for every caller: one submission may
 * check the identity of several people (an organisation's candidates), but of each person (same name and date of
 * birth, whatever the case or spacing) only once. Checked before anything is stored.
 */
export function oneIdentityPerPerson(items: readonly SubmissionDto[]): void {
  const seen = new Set<string>();
  for (const item of items) {
    const alias = typeAliasOf(item.type);
    if (instituteIdOf(item, alias) !== FIXED_INSTITUTE_OF_TYPE.IDENTITY) continue;
    const { person } = draftFrom(item, null);
    const key = [person.firstname, person.surname, person.dob].map((v) => v.trim().toLowerCase().replace(/\s+/g, ' ')).join('|');
    if (seen.has(key)) throw new VerificationInvalid([{ field: 'counts', message: ONE_IDENTITY_PER_PERSON }]);
    seen.add(key);
  }
}
