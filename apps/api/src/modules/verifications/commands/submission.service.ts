import {
  allowedTypes,
  canCreateVerification,
  customerCanSee,
  decideAll,
  DomainError,
  IDENTITY_MAINTENANCE,
  identityUnderMaintenance,
  fromMinor,
  initialVerificationState,
  verificationStream,
  schemePrice,
  VerificationInvalid,
  verificationDecider,
  type DocumentRef,
  type DraftInput,
  type Problem,
  type VerificationCommand,
  type ApplicationState,
  type VerificationState,
} from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import type { LoadedStream } from '../../../infrastructure/command-handling/handle-command';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Principal } from '../../../common/auth/principal';
import { ApplicationGateway } from '../../applications/core/application-gateway';
import { memberOf } from '../../applications/core/application-members';
import type { CompanyRow } from '../../identity/persistence/accounts.repository';
import type { CreditPurchaseDto, InlineDocumentDto, SubmissionBodyDto, SubmissionDto } from '../dto/submission.dto';
import { VerificationReactions } from '../jobs/verification-reactions';
import { IDENTITY_PROVIDER, type IdentityProvider } from '../ports/identity-provider.port';
import { INSTITUTE_DIRECTORY, type DirectoryInstitute, type InstituteDirectory } from '../ports/institute-directory.port';
import { VERIFICATION_PAYMENTS, type CreditPurchase, type PaymentItem, type VerificationPayments } from '../ports/verification-payments.port';
import { hashResolveKey } from '../queries/verification-detail.query';
import { Actors, type CustomerActor } from './actors';
import { bytesOfDataUrl, DocumentIntake, type UnappendedBlobs } from './document-intake';
import { changesFrom, draftFrom, instituteIdOf, newVerificationId, refOf, typeAliasOf } from './draft-input';
import { onVerification, VerificationReadModels, type VerificationCommandResult } from './verification-stream';

interface Prepared {
  id: string;
  loaded: LoadedStream<VerificationState>;
  institute: DirectoryInstitute | null;
  consent: boolean;
  commands: VerificationCommand[];
  /** The person and institute for the order lines. */
  draft: DraftInput;
  /** The application's price for this verification (its pricingScheme), when it has one. */
  schemePrice?: number | null;
}

export interface SubmissionResult {
  ids: string[];
  invoiceId: string | null;
  /** Whether payment is still due (a card payer without a card token). */
  paymentDue: boolean;
}

const cannotCreate = () => new DomainError('forbidden', 'Your account cannot request verifications.', 'QC-CANNOT-CREATE');
const MAX_BATCH = 50;

/**
 * Drafting, saving, submitting, paying and re-submitting verifications (verifications.md 2.2, 2.9, 4, 5, 7). Every
 * stream of a batch is decided first, so an invalid entry or a refused payment writes nothing; then the order is
 * paid once and each stream is appended with its events in one go.
 */
@Injectable()
export class SubmissionService {
  constructor(
    private readonly commands: CommandHandling,
    private readonly readModels: VerificationReadModels,
    private readonly actors: Actors,
    private readonly intake: DocumentIntake,
    private readonly reactions: VerificationReactions,
    @Inject(INSTITUTE_DIRECTORY) private readonly directory: InstituteDirectory,
    @Inject(VERIFICATION_PAYMENTS) private readonly payments: VerificationPayments,
    @Inject(IDENTITY_PROVIDER) private readonly identity: IdentityProvider,
    private readonly applications: ApplicationGateway,
  ) {}

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

  /** POST /verification[?autosubmit=false]: one submission or {verifications, creditPurchase}. */
  create(principal: Principal, body: SubmissionBodyDto, autosubmit: boolean): Promise<SubmissionResult> {
    return this.intake.discardOnFailure((unappended) => this.createWith(unappended, principal, body, autosubmit));
  }

  private async createWith(unappended: UnappendedBlobs, principal: Principal, body: SubmissionBodyDto, autosubmit: boolean): Promise<SubmissionResult> {
    if (!canCreateVerification(principal)) throw cannotCreate();
    const company = await this.actors.company(principal);
    const actor = this.actors.customer(principal, company);
    const items: SubmissionDto[] = body.verifications ?? [body];
    if (!items.length) throw new VerificationInvalid([{ field: 'counts', message: 'At least one type of check must be selected' }]);
    if (items.length > MAX_BATCH) throw new DomainError('invalid', `At most ${MAX_BATCH} verifications can be submitted at once.`);
    const application = await this.applicationOf(principal, items);
    const user = await this.actors.accounts.userById(principal.userId);
    const requestedByName = user ? `${user.firstname} ${user.lastname}` : principal.username;
    const now = new Date().toISOString();
    const today = now.slice(0, 10);

    const prepared: Prepared[] = [];
    for (const item of items) {
      const id = newVerificationId();
      const alias = typeAliasOf(item.type);
      if (alias === 'IDENTITY' && identityUnderMaintenance(now)) {
        throw new DomainError('unprocessable', IDENTITY_MAINTENANCE.message, 'QC-IDENTITY-MAINTENANCE');
      }
      const institute = await this.institute(instituteIdOf(item, alias));
      const draft = draftFrom(item, institute);
      const docs = await this.inlineDocuments(id, item.documents, institute, unappended);
      prepared.push({
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
            allowedTypes: allowedTypes(principal),
            institute: institute && refOf(institute),
            draft,
            today,
          },
          ...docs.map((document) => this.attach(actor, document, institute)),
        ],
      });
    }
    return this.submitPrepared(principal, company, actor, prepared, autosubmit, body.creditPurchase, now, unappended, application);
  }

  /**
   * PUT /verification/{id}: without flags an update (save for later); with resub/push a submission of a draft or
   * an unpaid request (paying it), or a free re-submission of a NOT_FOUND or REJECTED one (force: manual checking).
   */
  update(principal: Principal, id: string, body: SubmissionBodyDto, flags: { submit: boolean }): Promise<SubmissionResult> {
    return this.intake.discardOnFailure((unappended) => this.updateWith(unappended, principal, id, body, flags));
  }

  private async updateWith(unappended: UnappendedBlobs, principal: Principal, id: string, body: SubmissionBodyDto, flags: { submit: boolean }): Promise<SubmissionResult> {
    const item: SubmissionDto = body.verifications?.[0] ?? body;
    const company = await this.actors.company(principal);
    const actor = this.actors.customer(principal, company);
    const loaded = await this.commands.load(verificationStream(id), verificationDecider);
    this.assertVisible(loaded.state, actor);
    const now = new Date().toISOString();
    const today = now.slice(0, 10);
    const newInstituteId = item.instituteId?.trim() && item.instituteId.trim() !== loaded.state.institute?.id ? item.instituteId.trim() : null;
    const institute = await this.institute(newInstituteId ?? loaded.state.institute?.id ?? null);
    const changes = changesFrom(item, institute, loaded.state);
    const docs = await this.inlineDocuments(id, item.documents, institute, unappended);
    const attachments = docs.map((d) => this.attach(actor, d, institute));
    const update: VerificationCommand = {
      type: 'UpdateVerification',
      actor,
      changes,
      ...(newInstituteId ? { institute: institute && refOf(institute) } : {}),
      today,
    };
    const state = loaded.state;
    const entry: Prepared = { id, loaded, institute, draft: { ...state, ...changes }, consent: item.consent ?? item.consentTicked ?? body.consent ?? true, commands: [] };

    if (!flags.submit) {
      entry.commands = [update, ...attachments];
      return this.submitPrepared(principal, company, actor, [entry], false, undefined, now, unappended);
    }
    if (state.result === 'AWAITING_CONSENT' || state.result === 'UNPAID') {
      entry.commands = [update, ...attachments];
      // A saved draft of an application still open submits the application with it.
      const application = state.applicationId ? await this.applications.openOrNull(principal, state.applicationId) : null;
      return this.submitPrepared(principal, company, actor, [entry], true, body.creditPurchase, now, unappended, application);
    }
    const resolveKey = randomBytes(32).toString('base64url');
    // Decided on the state the documents and changes were checked against: a concurrent change answers 409.
    const appended = await this.commands.handleCommand(
      onVerification(
        id,
        [
      ...attachments,
      {
        type: 'ResubmitVerification',
        actor,
        changes,
        force: item.force === true,
        institute,
        refDataOptions: institute ? await this.refDataOptions(institute) : undefined,
        today,
        checkId: randomUUID(),
        resolveKeyHash: hashResolveKey(resolveKey),
      },
        ],
        this.context(principal),
        { expectedRevision: loaded.revision, now: () => new Date(now) },
      ),
    );
    unappended.delete(id);
    await this.intake.discardRemoved(loaded.state, appended.events);
    await this.reactions.after(appended, { resolveKey });
    await this.readModels.settle(appended.position);
    return { ids: [id], invoiceId: null, paymentDue: false };
  }

  private async submitPrepared(
    principal: Principal,
    company: CompanyRow,
    actor: CustomerActor,
    prepared: Prepared[],
    submit: boolean,
    creditPurchase: CreditPurchaseDto | undefined,
    now: string,
    unappended: UnappendedBlobs,
    application: ApplicationState | null = null,
  ): Promise<SubmissionResult> {
    const today = now.slice(0, 10);
    if (submit) {
      // Inside an application with a pricing scheme, each verification is priced by its position in it.
      if (application?.template.pricingScheme) {
        prepared.forEach((p, i) => {
          const where = { instituteId: p.institute?.id ?? null, regionId: p.institute?.countryId ?? null };
          const minor = schemePrice(application.template.pricingScheme, where, application.verificationIds.length + i);
          p.schemePrice = minor === null ? null : fromMinor(minor);
        });
      }
      const quotes = await this.payments.quote(principal, prepared.map((p) => this.paymentItem(p)), ownerPaysFor(application));
      for (const p of prepared) {
        p.commands.push({
          type: 'SubmitVerification',
          actor,
          consent: p.consent,
          institute: p.institute,
          refRequired: company.refRequired && !p.draft.applicationId,
          refLabel: company.refLabel,
          refDataOptions: p.institute ? await this.refDataOptions(p.institute) : undefined,
          today,
          price: quotes[p.id],
        });
      }
    }
    // Decide every stream before writing any: one invalid entry and nothing is saved.
    const problems: Problem[] = [];
    const decided = prepared.map((p) => {
      try {
        return { p, commands: [...p.commands], ...decideAll(verificationDecider, p.commands, p.loaded.state, now) };
      } catch (e) {
        if (e instanceof VerificationInvalid) {
          problems.push(...e.problems);
          return null;
        }
        throw e;
      }
    });
    if (submit && application && !problems.length) {
      // The application closes with this submission: it must be complete before anything is paid or written.
      problems.push(...(await this.applications.problemsWith(application, decided.map((d) => memberOf(d!.state)))));
    }
    if (problems.length) throw new VerificationInvalid(dedupe(problems));

    let invoiceId: string | null = null;
    let paymentDue = false;
    const resolveKeys = new Map<string, string>();
    const ready = decided.filter((d): d is NonNullable<typeof d> => d !== null);
    const toPay = ready.filter((d) => d.state.result === 'UNPAID');
    if (submit && toPay.length) {
      const outcome = await this.payments.pay({
        principal,
        items: toPay.map((d) => this.paymentItem(d.p)),
        creditPurchase: creditPurchase ? toCreditPurchase(creditPurchase) : null,
        applicationOwnerPays: ownerPaysFor(application),
        // The same requests at the same revisions with the same card token are the same order: a retry is never
        // charged twice, while a new card token after a declined one is a new attempt.
        idempotencyKey: `verifications/${createHash('sha256')
          .update(toPay.map((d) => `${d.p.id}@${d.p.loaded.revision.toString()}`).join(','))
          .update(`|${creditPurchase?.btNonce ?? ''}|${creditPurchase?.amount ?? 0}`)
          .digest('hex')}`,
      });
      if (outcome.status === 'PAID') {
        invoiceId = outcome.invoiceId;
        for (const d of toPay) {
          const resolveKey = randomBytes(32).toString('base64url');
          resolveKeys.set(d.p.id, resolveKey);
          const isIdentity = d.state.institute?.type === 'IDENTITY';
          const paid: VerificationCommand[] = [
              {
                type: 'RecordPayment',
                actor,
                payment: outcome.payments[d.p.id],
                accreditationSupported: d.p.institute?.accreditationPrice != null,
              },
              {
                type: 'RouteForChecking',
                actor,
                holdsRecords: d.state.institute ? await this.directory.holdsRecords(d.state.institute.id) : false,
                checkId: randomUUID(),
                resolveKeyHash: hashResolveKey(resolveKey),
                identity: isIdentity ? { supplierUrl: this.identity.captureUrl(d.p.id), thirdPartyActionUrl: this.identity.captureUrl(d.p.id) } : null,
              },
          ];
          const more = decideAll(verificationDecider, paid, d.state, now);
          d.commands.push(...paid);
          d.events.push(...more.events);
          d.state = more.state;
        }
      } else paymentDue = true;
    }

    const appended: VerificationCommandResult[] = [];
    const ctx = this.context(principal);
    for (const d of ready) {
      // The commands decided above, on the revision they were decided (and paid) on: the loop decides them again
      // to the same events, stamps them, and answers a concurrent change with 409 instead of deciding anew.
      const a = await this.commands.handleCommand(
        onVerification(d.p.id, d.commands, { ...ctx, commandId: `${ctx.commandId}/${d.p.id}` }, { expectedRevision: d.p.loaded.revision, now: () => new Date(now) }),
      );
      appended.push(a);
      unappended.delete(d.p.id);
      await this.intake.discardRemoved(d.p.loaded.state, a.events);
      await this.reactions.after(a, { resolveKey: resolveKeys.get(d.p.id) });
    }
    const last = appended.map((a) => a.position).filter((p) => p !== null).pop() ?? null;
    await this.readModels.settle(last);
    if (application) await this.applications.include(principal, application.id, appended.map((a) => memberOf(a.state)), submit);
    return { ids: prepared.map((p) => p.id), invoiceId, paymentDue };
  }

  private paymentItem(p: Prepared): PaymentItem {
    return {
      verificationId: p.id,
      candidateName: `${p.draft.person.firstname} ${p.draft.person.surname}`.trim(),
      instituteId: p.institute?.id ?? null,
      instituteName: p.institute?.name ?? '',
      // An application's scheme price is the whole price of the check (the owner's agreed price per position),
      // so no institute surcharge is added on top of it.
      price: p.schemePrice ?? p.institute?.price ?? 0,
      surcharge: p.schemePrice != null ? 0 : (p.institute?.surcharge ?? 0),
      accreditationPrice: p.draft.accreditationRequested && p.institute?.accreditationPrice != null ? p.institute.accreditationPrice : null,
    };
  }

  private attach(actor: CustomerActor, document: DocumentRef, institute: DirectoryInstitute | null): VerificationCommand {
    return { type: 'AttachDocument', actor, document, requirements: institute?.documentRequirements ?? [] };
  }

  async institute(id: string | null): Promise<DirectoryInstitute | null> {
    if (!id) return null;
    const institute = await this.directory.get(id);
    if (!institute) throw new DomainError('invalid', 'Failed to get Institute Details', 'QC-UNKNOWN-INSTITUTE');
    return institute;
  }

  async refDataOptions(institute: DirectoryInstitute): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    for (const f of institute.fields) {
      if (f.refData === 'ONLY' && !f.values?.length) out[f.key] = await this.directory.refDataOptions(institute.id, f.key);
    }
    return out;
  }

  /** Inline documents with data are stored and attached; ones without data are already attached. */
  private async inlineDocuments(
    id: string,
    documents: InlineDocumentDto[] | undefined,
    institute: DirectoryInstitute | null,
    unappended: UnappendedBlobs,
  ): Promise<DocumentRef[]> {
    const out: DocumentRef[] = [];
    unappended.set(id, out);
    for (const d of documents ?? []) {
      if (!d.data) continue;
      const requirement = institute?.documentRequirements.find((r) => r.id === (d.requirementId ?? d.id) || (!d.requirementId && r.type === d.type && !!d.type));
      out.push(
        await this.intake.store(id, bytesOfDataUrl(d.data), {
          name: d.name ?? requirement?.name ?? 'Additional document',
          requirementId: requirement?.id ?? null,
          filename: d.filename ?? null,
        }),
      );
    }
    return out;
  }

  private assertVisible(state: VerificationState, actor: CustomerActor) {
    if (!state.exists || state.result === 'DELETED' || !customerCanSee(state, actor)) throw new DomainError('not-found', 'Verification not found.', 'QC-VERIFICATION-NOT-FOUND');
  }

  context(principal: Principal) {
    return { commandId: randomUUID(), actor: principal.username, impersonator: principal.impersonator };
  }
}

/**
 * Who pays inside an application: its template says (applicantPays false: the organisation). Outside one the
 * account decides as before (an applicant account registered through an owner that pays for its applicants).
 */
const ownerPaysFor = (application: ApplicationState | null) => (application ? !application.template.applicantPays : undefined);

const toCreditPurchase = (c: CreditPurchaseDto): CreditPurchase => ({ amount: c.amount ?? 0, btNonce: c.btNonce ?? null, btSaveCard: c.btSaveCard ?? false });

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.field}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
