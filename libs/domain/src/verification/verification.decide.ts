import { VERIFICATION_TYPES } from '../access/verification-types';
import { timed, type Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { VerificationCommand } from './verification.commands';
import { verificationEvent as ev, type VerificationEvent } from './verification.events';
import {
  additionalDocumentsAllowed,
  documentDeletionAllowed,
  hasExtraDocumentsForInstituteWithoutList,
  instituteChangeAllowed,
  instituteKind,
  isEditable,
  resolverContactOf,
  uploadAllowedInResult,
} from './verification.rules';
import { AUTOMATIC_RETRIES, evolve, initialState, type VerificationState } from './verification.state';
import type { Actor, DraftInput, VerificationResult } from './verification.types';
import {
  MESSAGES,
  normaliseDate,
  validateDraft,
  validateInstituteFields,
  validatePerson,
  validateResolution,
  validateSubmission,
  type Problem,
} from './verification.validation';

/** A submission that breaks rules of verifications.md 5: every problem is reported, each in the spec's words. */
export class VerificationInvalid extends DomainError {
  constructor(readonly problems: Problem[]) {
    super('invalid', problems.map((p) => p.message).join(' '), 'QC-VERIFICATION-INVALID');
    this.name = 'VerificationInvalid';
  }
}

export const ERRORS = {
  notFound: () => new DomainError('not-found', 'Verification not found.', 'QC-VERIFICATION-NOT-FOUND'),
  exists: () => new DomainError('conflict', 'This verification already exists.', 'QC-VERIFICATION-EXISTS'),
  typeNotAllowed: () => new DomainError('forbidden', 'This type of verification is not available to your account.', 'QC-TYPE-NOT-ALLOWED'),
  notEditable: () => new DomainError('conflict', 'This verification can no longer be changed.', 'QC-NOT-EDITABLE'),
  instituteLocked: () =>
    new DomainError('conflict', 'The institute of a submitted verification cannot be changed.', 'QC-INSTITUTE-LOCKED'),
  uploadNotAllowed: () =>
    new DomainError('conflict', 'Documents cannot be added to this verification in its current state.', 'QC-UPLOAD-NOT-ALLOWED'),
  noDocuments: () => new DomainError('unprocessable', 'This verification does not take documents.', 'QC-NO-DOCUMENTS'),
  tooManyDocuments: (n: number) =>
    new DomainError('unprocessable', `Only ${n} additional document(s) can be attached to this verification.`, 'QC-TOO-MANY-DOCUMENTS'),
  documentNotFound: () => new DomainError('not-found', 'Document not found.', 'QC-DOCUMENT-NOT-FOUND'),
  documentDeletionNotAllowed: () =>
    new DomainError('conflict', 'Documents cannot be removed from this verification in its current state.', 'QC-DOCUMENT-LOCKED'),
  notSubmittable: () => new DomainError('conflict', 'This verification has already been submitted.', 'QC-ALREADY-SUBMITTED'),
  notAwaitingPayment: () => new DomainError('conflict', 'This verification is not awaiting payment.', 'QC-NOT-UNPAID'),
  notResubmittable: () => new DomainError('conflict', 'This verification cannot be re-submitted in its current state.', 'QC-NOT-RESUBMITTABLE'),
  noRetriesLeft: () =>
    new DomainError('unprocessable', 'No free automatic re-checks are left for this verification.', 'QC-NO-RETRIES-LEFT'),
  noManualChecking: () =>
    new DomainError('unprocessable', 'This institute does not accept requests for manual checking.', 'QC-NO-MANUAL-CHECKING'),
  alreadyResolved: () => new DomainError('conflict', 'Already Resolved', 'QC-ALREADY-RESOLVED'),
  notCancellable: () => new DomainError('conflict', 'This verification can no longer be cancelled.', 'QC-NOT-CANCELLABLE'),
  notDeletable: () => new DomainError('conflict', 'This verification can no longer be deleted.', 'QC-NOT-DELETABLE'),
  staffOnly: () => new DomainError('forbidden', 'This is for Credence staff only.', 'QC-STAFF-ONLY'),
  notPending: () => new DomainError('conflict', 'This verification is not pending.', 'QC-NOT-PENDING'),
  noAccreditationPending: () => new DomainError('conflict', 'No accreditation check is pending for this verification.', 'QC-NO-ACCREDITATION'),
  notIdentity: () => new DomainError('unprocessable', 'This is not an identity verification.', 'QC-NOT-IDENTITY'),
} as const;

/** Whether a customer may see (and act on) a verification: same company, and their own under Restricted User View. */
export function customerCanSee(state: Pick<VerificationState, 'companyId' | 'requestedBy'>, actor: Actor): boolean {
  return actor.kind === 'customer' && state.companyId === actor.companyId && (actor.seesAll || state.requestedBy === actor.username);
}

/** Whether an institute (or parent) account resolves for this verification's institute. */
export function instituteCanSee(state: Pick<VerificationState, 'institute'>, actor: Actor): boolean {
  if (actor.kind !== 'institute' || !state.institute) return false;
  return actor.instituteIds.includes(state.institute.id) || (!!state.institute.parentId && actor.instituteIds.includes(state.institute.parentId));
}

/** A customer command on a verification the caller cannot see, or one that is gone, is 'not found'. */
function customerOwn(state: VerificationState, actor: Actor) {
  if (!state.exists || state.result === 'DELETED' || !customerCanSee(state, actor)) throw ERRORS.notFound();
}

function staffOnly(state: VerificationState, actor: Actor) {
  if (!state.exists) throw ERRORS.notFound();
  if (actor.kind !== 'staff') throw ERRORS.staffOnly();
}

function systemOnly(state: VerificationState, actor: Actor) {
  if (!state.exists) throw ERRORS.notFound();
  if (actor.kind !== 'system') throw new DomainError('forbidden', 'Only the system records check results.');
}

const transition = <R extends VerificationResult>(state: VerificationState, result: R) => ({ result, previousResult: state.result });

const invalidIfAny = (problems: Problem[]) => {
  if (problems.length) throw new VerificationInvalid(problems);
};

/** Draft changes with the dob normalised to YYYY-MM-DD when it is a real date. */
function normalised<T extends Partial<DraftInput>>(changes: T): T {
  if (!changes.person) return changes;
  const dob = normaliseDate(changes.person.dob);
  return { ...changes, person: { ...changes.person, dob: dob ?? changes.person.dob } };
}

/** What a command does to a verification: the events to append, or a refusal. Pure: time and ids come in. */
export function decide(command: VerificationCommand, state: VerificationState): VerificationEvent[] {
  const { actor } = command;
  switch (command.type) {
    case 'DraftVerification': {
      if (state.exists) throw ERRORS.exists();
      if (actor.kind !== 'customer') throw new DomainError('forbidden', 'Only customers request verifications.');
      const code = VERIFICATION_TYPES.find((t) => t.alias === command.verificationType)?.code;
      if (!code || !command.allowedTypes.includes(code)) throw ERRORS.typeNotAllowed();
      const draft = normalised(command.draft);
      invalidIfAny(validateDraft(draft.person, command.today));
      return [
        ev('VerificationDrafted', {
          ...draft,
          ...transition(state, 'AWAITING_CONSENT'),
          previousResult: null,
          verificationId: command.verificationId,
          companyId: actor.companyId,
          companyName: command.companyName,
          requestedBy: actor.username,
          requestedByName: command.requestedByName,
          individual: command.individual,
          type: command.verificationType,
          institute: command.institute,
        }),
      ];
    }

    case 'UpdateVerification': {
      customerOwn(state, actor);
      if (!isEditable(state.result)) throw ERRORS.notEditable();
      if (command.institute !== undefined && command.institute?.id !== state.institute?.id && !instituteChangeAllowed(state.result)) {
        throw ERRORS.instituteLocked();
      }
      const changes = normalised(command.changes);
      if (changes.person) invalidIfAny(validateDraft(changes.person, command.today));
      const withInstitute = command.institute !== undefined ? { ...changes, institute: command.institute } : changes;
      if (!Object.keys(withInstitute).length) return [];
      return [ev('VerificationUpdated', { changes: withInstitute })];
    }

    case 'AttachDocument': {
      customerOwn(state, actor);
      if (!uploadAllowedInResult(state.result)) throw ERRORS.uploadNotAllowed();
      const { document } = command;
      const requirement = document.requirementId ? command.requirements.find((r) => r.id === document.requirementId) : undefined;
      if (document.requirementId && !requirement) throw ERRORS.documentNotFound();
      const events: VerificationEvent[] = [];
      if (requirement) {
        // A requirement holds one document: a new upload replaces the previous one.
        for (const old of state.documents.filter((d) => d.requirementId === requirement.id && !d.output)) {
          events.push(ev('DocumentRemoved', { documentId: old.id, name: old.name }));
        }
      } else {
        const allowed = additionalDocumentsAllowed(state.institute, state.result);
        const additional = state.documents.filter((d) => !d.requirementId && !d.output).length;
        if (allowed === 0 && !command.requirements.length) throw ERRORS.noDocuments();
        if (additional >= allowed) throw ERRORS.tooManyDocuments(allowed);
      }
      events.push(ev('DocumentAttached', { document: { ...document, type: requirement?.type ?? 'ADDITIONAL', output: false } }));
      return events;
    }

    case 'RemoveDocument': {
      customerOwn(state, actor);
      const doc = state.documents.find((d) => d.id === command.documentId && !d.output);
      if (!doc) throw ERRORS.documentNotFound();
      if (!documentDeletionAllowed(state.result)) throw ERRORS.documentDeletionNotAllowed();
      return [ev('DocumentRemoved', { documentId: doc.id, name: doc.name })];
    }

    case 'SubmitVerification': {
      customerOwn(state, actor);
      if (state.result !== 'AWAITING_CONSENT' && state.result !== 'UNPAID') throw ERRORS.notSubmittable();
      invalidIfAny(
        validateSubmission({
          institute: command.institute,
          person: state.person,
          fields: state.fields,
          documents: state.documents,
          customerReference: state.customerReference,
          consent: command.consent,
          refRequired: command.refRequired,
          refLabel: command.refLabel,
          refDataOptions: command.refDataOptions,
          today: command.today,
        }),
      );
      if (state.result === 'UNPAID') return [];
      return [ev('VerificationSubmitted', { ...transition(state, 'UNPAID'), price: command.price })];
    }

    case 'RecordPayment': {
      if (actor.kind !== 'customer' && actor.kind !== 'system') throw ERRORS.notFound();
      if (actor.kind === 'customer') customerOwn(state, actor);
      if (state.result !== 'UNPAID') throw ERRORS.notAwaitingPayment();
      const events: VerificationEvent[] = [ev('VerificationPaid', { payment: command.payment })];
      if (state.accreditationRequested && command.accreditationSupported) events.push(ev('AccreditationCheckRequested', {}));
      return events;
    }

    case 'RouteForChecking': {
      if (!state.exists) throw ERRORS.notFound();
      if (state.result !== 'UNPAID' || !state.payment) throw ERRORS.notAwaitingPayment();
      return route(state, command.holdsRecords, command.checkId, command.resolveKeyHash, command.identity, 'NO_RECORDS');
    }

    case 'RecordAutomaticCheck': {
      systemOnly(state, actor);
      // A stale or repeated job: the check it reports on is no longer the one in flight.
      if (state.stage !== 'AUTOMATIC_CHECK' || state.checkId !== command.checkId) return [];
      if (command.match) {
        return [ev('AutomaticCheckMatched', { ...transition(state, 'VERIFIED'), checkId: command.checkId, thirdPartyData: command.match.thirdPartyData })];
      }
      const retriesLeft = state.attempts <= 1 ? AUTOMATIC_RETRIES : state.retriesLeft;
      return [ev('AutomaticCheckFoundNoMatch', { ...transition(state, 'NOT_FOUND'), checkId: command.checkId, retriesLeft, hints: command.hints })];
    }

    case 'ResubmitVerification': {
      customerOwn(state, actor);
      if (state.result !== 'NOT_FOUND' && state.result !== 'REJECTED') throw ERRORS.notResubmittable();
      if (state.stage === 'IDENTITY_CAPTURE') {
        const supplierId = command.changes.supplierId ?? state.supplierId;
        if (!supplierId) throw ERRORS.notResubmittable();
        return [ev('IdentityCheckStarted', { ...transition(state, 'PENDING'), checkId: command.checkId, supplierId })];
      }
      const changes = normalised(command.changes);
      const person = changes.person ?? state.person;
      const problems = validatePerson(person, command.today);
      if (command.institute && changes.fields) problems.push(...validateInstituteFields(command.institute, changes.fields, command.refDataOptions));
      invalidIfAny(problems);
      if (state.result === 'REJECTED') {
        // Amended after the resolver returned it: back to the same resolver, free of charge.
        const resubmitted = ev('VerificationResubmitted', { changes, retriesLeft: state.retriesLeft, from: 'REJECTED' });
        const next = evolve(state, timed(resubmitted, state.updated));
        return [resubmitted, manual(next, command.resolveKeyHash, 'RESUBMITTED')];
      }
      if (command.force) {
        if (!state.institute?.allowsPending) throw ERRORS.noManualChecking();
        const resubmitted = ev('VerificationResubmitted', { changes, retriesLeft: 0, from: 'NOT_FOUND' });
        return [resubmitted, manual(evolve(state, timed(resubmitted, state.updated)), command.resolveKeyHash, 'REQUESTED')];
      }
      if (state.retriesLeft <= 0) throw ERRORS.noRetriesLeft();
      const resubmitted = ev('VerificationResubmitted', { changes, retriesLeft: state.retriesLeft - 1, from: 'NOT_FOUND' });
      return [resubmitted, ev('AutomaticCheckStarted', { ...transition(state, 'PENDING'), checkId: command.checkId, attempt: state.attempts + 1 })];
    }

    case 'SendForManualCheck': {
      customerOwn(state, actor);
      if (state.result !== 'NOT_FOUND' || state.stage !== 'ACTION_REQUIRED') throw ERRORS.notResubmittable();
      if (!state.institute?.allowsPending) throw ERRORS.noManualChecking();
      return [manual(state, command.resolveKeyHash, 'REQUESTED')];
    }

    case 'AttachOutputDocument': {
      resolverMayAct(state, actor);
      const outputs = state.documents.filter((d) => d.output).length;
      if (outputs >= MAX_OUTPUT_DOCUMENTS) throw ERRORS.tooManyDocuments(MAX_OUTPUT_DOCUMENTS);
      const { document } = command;
      return [ev('DocumentAttached', { document: { ...document, requirementId: null, type: 'OUTPUT', output: true } })];
    }

    case 'ResolveVerification': {
      resolverMayAct(state, actor);
      const r = command.resolution;
      const problems = validateResolution(r, { staff: actor.kind === 'staff' });
      invalidIfAny(problems);
      return [
        ev('VerificationResolved', {
          ...transition(state, r.result),
          notes: r.notes?.trim() || null,
          approvedByName: r.approvedByName.trim(),
          approvedByTitle: r.approvedByTitle.trim(),
          approvalProcess: actor.kind === 'staff' ? (r.approvalProcess?.trim() ?? null) : null,
          resolvedBy: actor.kind === 'staff' ? 'STAFF' : actor.kind === 'institute' ? 'INSTITUTE' : 'PUBLIC_LINK',
          resolverCompanyId: actor.kind === 'institute' ? actor.companyId : null,
          resolverName: command.resolverName,
        }),
      ];
    }

    case 'MarkUnable': {
      staffOnly(state, actor);
      if (state.stage !== 'MANUAL_CHECK' || state.result !== 'PENDING') throw ERRORS.notPending();
      return [ev('VerificationDelayedAtSource', { ...transition(state, 'UNABLE'), note: command.note })];
    }

    case 'CancelVerification': {
      if (actor.kind === 'staff') {
        if (!state.exists) throw ERRORS.notFound();
      } else customerOwn(state, actor);
      if (!['PENDING', 'UNABLE', 'NOT_FOUND', 'REJECTED'].includes(state.result ?? '')) throw ERRORS.notCancellable();
      return [ev('VerificationCancelled', { ...transition(state, 'CANCELLED'), reason: command.reason, by: actor.kind === 'staff' ? 'STAFF' : 'CUSTOMER' })];
    }

    case 'DeleteVerification': {
      customerOwn(state, actor);
      if (!['AWAITING_CONSENT', 'UNPAID', 'NOT_FOUND', 'REJECTED', 'CANCELLED'].includes(state.result ?? '')) throw ERRORS.notDeletable();
      return [ev('VerificationDeleted', transition(state, 'DELETED'))];
    }

    case 'RecordAccreditation': {
      staffOnly(state, actor);
      if (state.accreditation?.status !== 'PENDING') throw ERRORS.noAccreditationPending();
      return [ev('AccreditationRecorded', { accreditation: command.accreditation })];
    }

    case 'StartIdentityCheck': {
      customerOwn(state, actor);
      if (state.stage !== 'IDENTITY_CAPTURE') throw ERRORS.notIdentity();
      return [ev('IdentityCheckStarted', { ...transition(state, 'PENDING'), checkId: command.checkId, supplierId: command.supplierId })];
    }

    case 'RecordIdentityCheck': {
      systemOnly(state, actor);
      if (state.stage !== 'IDENTITY_CHECK' || state.checkId !== command.checkId) return [];
      const result = command.outcome === 'CLEAR' ? 'VERIFIED' : 'NOT_FOUND';
      return [ev('IdentityCheckCompleted', { ...transition(state, result), checkId: command.checkId, outcome: command.outcome, thirdPartyData: command.thirdPartyData })];
    }

    case 'AddAdminComment': {
      staffOnly(state, actor);
      if (!command.comment.trim()) throw new VerificationInvalid([{ field: 'comment', message: MESSAGES.required('comment') }]);
      return [ev('AdminCommentAdded', { comment: command.comment.trim() })];
    }

    default: {
      const never: never = command;
      throw new Error(`unknown verification command ${JSON.stringify(never)}`);
    }
  }
}

function manual(state: VerificationState, resolveKeyHash: string, reason: 'NO_RECORDS' | 'EXTRA_DOCUMENTS' | 'REQUESTED' | 'RESUBMITTED'): VerificationEvent {
  return ev('SentForManualCheck', {
    ...transition(state, 'PENDING'),
    reason,
    contact: state.institute ? resolverContactOf(state.institute) : 'INSTITUTE',
    resolveKeyHash,
  });
}

/**
 * Where a paid request goes (2.6, 2.8): identity requests wait for the individual's capture; extra documents for
 * an institute that lists none, or an institute whose records are not held, go to manual checking; the rest are
 * checked automatically against the records.
 */
function route(
  state: VerificationState,
  holdsRecords: boolean,
  checkId: string,
  resolveKeyHash: string,
  identity: { supplierUrl: string; thirdPartyActionUrl: string } | null,
  reason: 'NO_RECORDS',
): VerificationEvent[] {
  if (state.institute && instituteKind(state.institute.id) === 'identity') {
    if (!identity) throw ERRORS.notIdentity();
    if (state.supplierId) return [ev('IdentityCheckStarted', { ...transition(state, 'PENDING'), checkId, supplierId: state.supplierId })];
    return [ev('IdentityCaptureRequested', { ...transition(state, 'NOT_FOUND'), ...identity })];
  }
  if (hasExtraDocumentsForInstituteWithoutList(state)) return [manual(state, resolveKeyHash, 'EXTRA_DOCUMENTS')];
  if (holdsRecords) return [ev('AutomaticCheckStarted', { ...transition(state, 'PENDING'), checkId, attempt: 1 })];
  return [manual(state, resolveKeyHash, reason)];
}

/** The verification aggregate, `verification-<id>`: what the command-handling loop runs. */
export const verificationDecider: Decider<VerificationCommand, VerificationEvent, VerificationState> = {
  decide,
  evolve,
  initialState,
};

/** How many output documents a resolver may attach to one request. */
export const MAX_OUTPUT_DOCUMENTS = 5;

/**
 * Who may act on a pending request as its resolver (2.11): the institute that sees it, staff, or the public link whose
 * key matches. Anyone else is told it does not exist; a request no longer being checked is 'Already Resolved'.
 */
function resolverMayAct(state: VerificationState, actor: Actor) {
  const allowed =
    (actor.kind === 'institute' && instituteCanSee(state, actor)) ||
    actor.kind === 'staff' ||
    (actor.kind === 'public-link' && !!state.resolveKeyHash && actor.keyHash === state.resolveKeyHash);
  if (!state.exists || state.result === 'DELETED' || !allowed) {
    // A used link no longer matches: it reads as already resolved, not as a missing request.
    if (actor.kind === 'public-link' && state.exists) throw ERRORS.alreadyResolved();
    throw ERRORS.notFound();
  }
  if (state.stage !== 'MANUAL_CHECK' || (state.result !== 'PENDING' && state.result !== 'UNABLE')) throw ERRORS.alreadyResolved();
}
