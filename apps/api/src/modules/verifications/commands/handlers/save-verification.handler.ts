import { customerCanSee, DomainError, type VerificationCommand, type VerificationState } from '@credence/domain';
import type { SubmissionQueryDto } from '../../dto/verification-queries.dto';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { Principal } from '../../../../common/auth/principal';
import type { SubmissionBodyDto, SubmissionDto } from '../../dto/submission.dto';
import { Actors, type CustomerActor } from '../actors';
import type { UnappendedBlobs } from '../document-intake';
import { changesFrom, refOf } from '../draft-input';
import { InlineDocuments } from '../inline-documents';
import { InstituteLookup } from '../institute-lookup';
import { ResolveLinks } from '../resolve-links';
import { SubmissionCheckout } from '../submission-checkout';
import type { SubmissionResult } from '../submission-entry';
import { commandContext, VerificationWriter } from '../verification-writer';

/**
 * PUT /verification/{id}: without flags the draft is saved for later; with `resub` or `push` (either name, as
 * clients send one or the other) it is submitted, paid when unpaid, or re-submitted after NOT_FOUND or REJECTED.
 */
export class SaveVerification extends Command<SubmissionResult> {
  constructor(
    readonly principal: Principal,
    readonly verificationId: string,
    readonly body: SubmissionBodyDto,
    readonly submit: boolean,
  ) {
    super();
  }

  static fromRequest(principal: Principal, verificationId: string, body: SubmissionBodyDto, query: SubmissionQueryDto) {
    return new SaveVerification(principal, verificationId, body, [query.resub, query.push].some((v) => (Array.isArray(v) ? v[0] : v) === 'true'));
  }
}

const notFound = () => new DomainError('not-found', 'Verification not found.', 'QC-VERIFICATION-NOT-FOUND');

/**
 * Saves a draft's changes, submits a draft or an unpaid request (paying it, and submitting its application when it
 * belongs to one still open), or re-submits a NOT_FOUND or REJECTED one free of charge (force: manual checking).
 */
@CommandHandler(SaveVerification)
export class SaveVerificationHandler implements ICommandHandler<SaveVerification, SubmissionResult> {
  constructor(
    private readonly actors: Actors,
    private readonly writer: VerificationWriter,
    private readonly institutes: InstituteLookup,
    private readonly documents: InlineDocuments,
    private readonly checkout: SubmissionCheckout,
    private readonly resolveLinks: ResolveLinks,
  ) {}

  execute(command: SaveVerification): Promise<SubmissionResult> {
    return this.documents.within((unappended) => this.save(command, unappended));
  }

  private async save({ principal, verificationId: id, body, submit }: SaveVerification, unappended: UnappendedBlobs): Promise<SubmissionResult> {
    const item: SubmissionDto = body.verifications?.[0] ?? body;
    const company = await this.actors.company(principal);
    const actor = this.actors.customer(principal, company);
    const loaded = await this.writer.load(id);
    assertVisible(loaded.state, actor);
    const now = new Date().toISOString();
    const today = now.slice(0, 10);
    const state = loaded.state;
    const newInstituteId = item.instituteId?.trim() && item.instituteId.trim() !== state.institute?.id ? item.instituteId.trim() : null;
    const institute = await this.institutes.get(newInstituteId ?? state.institute?.id ?? null);
    const changes = changesFrom(item, institute, state);
    const attachments = await this.documents.attachments(id, item.documents, institute, changes.fields ?? state.fields, actor, unappended);
    const update: VerificationCommand = { type: 'UpdateVerification', actor, changes, ...(newInstituteId ? { institute: institute && refOf(institute) } : {}), today };
    const entry = { id, loaded, institute, draft: { ...state, ...changes }, consent: item.consent ?? item.consentTicked ?? body.consent ?? true, commands: [update, ...attachments] };

    if (!submit || state.result === 'AWAITING_CONSENT' || state.result === 'UNPAID') {
      // A saved draft of an application still open submits the application with it.
      const draftApplicationId = submit ? state.applicationId : null;
      return this.checkout.checkout(principal, company, actor, [entry], { submit, creditPurchase: submit ? body.creditPurchase : undefined, draftApplicationId, now }, unappended);
    }
    const context = commandContext(principal);
    const resubmit: VerificationCommand = {
      type: 'ResubmitVerification',
      actor,
      changes,
      force: item.force === true,
      institute,
      refDataOptions: institute ? await this.institutes.refDataOptions(institute) : undefined,
      today,
      checkId: randomUUID(),
      resolveKeyHash: await this.resolveLinks.hashFor(id, context.commandId),
    };
    // Decided on the state the documents and changes were checked against: a concurrent change answers 409.
    await this.writer.run(id, [...attachments, resubmit], context, { expectedRevision: loaded.revision, now: new Date(now), unappended, before: state });
    return { ids: [id], invoiceId: null, paymentDue: false };
  }
}

function assertVisible(state: VerificationState, actor: CustomerActor) {
  if (!state.exists || state.result === 'DELETED' || !customerCanSee(state, actor)) throw notFound();
}
