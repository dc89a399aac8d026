import { VERIFICATION_TYPES, type TypeAlias } from '../access/verification-types';
import { timed, type Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { VerificationInvalid } from '../verification/verification.decide';
import type { Problem } from '../verification/verification.validation';
import { applicationEvent as ev, type ApplicationEvent } from './application.events';
import { ADDITIONAL_APPLICATION_DOCUMENTS, applicationInsights, statusFromVerifications } from './application.rules';
import { evolveApplication, initialApplicationState, type ApplicationState } from './application.state';
import type {
  Applicant,
  ApplicationDocument,
  ApplicationFieldDef,
  ApplicationFieldValue,
  ApplicationTemplate,
  MemberVerification,
} from './application.types';

/** Who acts on an application, as the API establishes it from the session. */
export type ApplicationActor =
  | { kind: 'applicant'; companyId: string; username: string }
  | { kind: 'owner'; companyId: string; username: string }
  | { kind: 'staff'; username: string }
  | { kind: 'system'; process: string };

export type ApplicationCommand =
  | { type: 'OpenApplication'; actor: ApplicationActor; applicationId: string; template: ApplicationTemplate; applicant: Applicant; customerReference: string | null }
  | { type: 'SaveApplicationDetails'; actor: ApplicationActor; fields: Record<string, unknown> }
  | { type: 'AddApplicationDocument'; actor: ApplicationActor; document: ApplicationDocument }
  | { type: 'RemoveApplicationDocument'; actor: ApplicationActor; documentId: string }
  /** The applicant's own verifications (the API checks they are theirs) the application shall include. */
  | { type: 'SelectVerifications'; actor: ApplicationActor; verificationIds: string[] }
  /** Closes the application: `members` are all its verifications after `add`, as they stand now. */
  | { type: 'SubmitApplication'; actor: ApplicationActor; add: string[]; members: MemberVerification[] }
  /** Takes stock of the verifications after one of them changed (a job, and the sweeper). */
  | { type: 'ReconcileApplication'; actor: ApplicationActor; members: MemberVerification[] }
  | { type: 'ArchiveApplication'; actor: ApplicationActor };

export const APPLICATION_ERRORS = {
  notFound: () => new DomainError('not-found', 'Application not found.', 'QC-APPLICATION-NOT-FOUND'),
  exists: () => new DomainError('conflict', 'This application already exists.', 'QC-APPLICATION-EXISTS'),
  closed: () =>
    new DomainError('conflict', 'This application has been submitted and is closed: no more verifications or documents can be added.', 'QC-APPLICATION-CLOSED'),
  archived: () => new DomainError('conflict', 'This application is already archived.', 'QC-APPLICATION-ARCHIVED'),
  ownerOnly: () => new DomainError('forbidden', 'Only the organisation the application was made to can archive it.', 'QC-APPLICATION-OWNER-ONLY'),
  applicantOnly: () => new DomainError('forbidden', 'Only the applicant can change this application.', 'QC-APPLICATION-APPLICANT-ONLY'),
  documentNotFound: () => new DomainError('not-found', 'Document not found.', 'QC-DOCUMENT-NOT-FOUND'),
  tooManyDocuments: (n: number) =>
    new DomainError('unprocessable', `Only ${n} document(s) can be attached to this application.`, 'QC-TOO-MANY-DOCUMENTS'),
};

/** Whether the actor may see the application at all: its applicant, the organisation it was made to, staff. */
export function applicationVisibleTo(state: ApplicationState, actor: ApplicationActor): boolean {
  switch (actor.kind) {
    case 'applicant':
      return state.applicant.companyId === actor.companyId;
    case 'owner':
      return state.template.ownerCompanyId === actor.companyId;
    case 'staff':
    case 'system':
      return true;
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The allowedTypes key bounding a verification type: its code; Academic Reference uses the SELT type's bounds. */
function boundKeyOf(type: TypeAlias): string | null {
  const code = VERIFICATION_TYPES.find((t) => t.alias === type)?.code ?? null;
  return code === 'arf' ? 'elc' : code;
}

/** One field value as the owner's definition allows it; a problem in the spec's shape otherwise. */
function fieldValue(def: ApplicationFieldDef, raw: unknown): { value: ApplicationFieldValue } | { problem: Problem } {
  const field = `fields.${def.key}`;
  if (raw === null || raw === undefined || (typeof raw === 'string' && !raw.trim())) return { value: null };
  if (typeof raw !== 'string' && typeof raw !== 'number') return { problem: { field, message: `${def.name} must be text.` } };
  const text = String(raw).trim();
  if (text.length > 500) return { problem: { field, message: `${def.name} must be at most 500 characters.` } };
  switch (def.type) {
    case 'INTEGER':
      return /^-?\d+$/.test(text) ? { value: Number(text) } : { problem: { field, message: `${def.name} must be a whole number.` } };
    case 'DATE':
      return ISO_DATE.test(text) && !Number.isNaN(Date.parse(text))
        ? { value: text }
        : { problem: { field, message: `${def.name} must be a date (YYYY-MM-DD).` } };
    case 'SELECT':
    case 'TEXT':
      if (def.values?.length && !def.values.includes(text)) return { problem: { field, message: `${def.name} must be one of: ${def.values.join(', ')}.` } };
      return { value: text };
  }
}

function requireApplicant(actor: ApplicationActor) {
  if (actor.kind === 'staff' || actor.kind === 'system') return;
  if (actor.kind !== 'applicant') throw APPLICATION_ERRORS.applicantOnly();
}

function requireOpen(state: ApplicationState) {
  if (state.status !== 'OPEN') throw APPLICATION_ERRORS.closed();
}

/** What still keeps an open application from being submitted, in the spec's words where it has them. */
export function submissionProblems(state: ApplicationState, members: readonly MemberVerification[]): Problem[] {
  const problems: Problem[] = [];
  for (const def of state.template.fields) {
    const v = state.fields[def.key];
    if (def.required && (v === null || v === undefined || v === '')) problems.push({ field: `fields.${def.key}`, message: `${def.name} is required.` });
  }
  for (const r of state.template.documentRequirements) {
    if (r.required && !state.documents.some((d) => d.requirementId === r.id)) problems.push({ field: `documents.${r.id}`, message: 'This document is required' });
  }
  const counted = members.filter((m) => m.result !== 'DELETED' && m.result !== 'CANCELLED');
  if (!counted.length) problems.push({ field: 'verifications', message: 'At least one type of check must be selected' });
  const bounds = state.template.allowedTypes;
  if (bounds) {
    for (const bound of bounds) {
      const n = counted.filter((m) => boundKeyOf(m.type) === bound.key).length;
      const name = VERIFICATION_TYPES.find((t) => t.code === bound.key)?.name ?? bound.key;
      if (n < bound.min) problems.push({ field: `verifications.${bound.key}`, message: `This application needs at least ${bound.min} ${name} verification(s).` });
      if (n > bound.max) problems.push({ field: `verifications.${bound.key}`, message: `This application takes at most ${bound.max} ${name} verification(s).` });
    }
    for (const m of counted) {
      if (!bounds.some((b) => b.key === boundKeyOf(m.type))) problems.push({ field: `verifications.${m.id}`, message: 'This type of verification is not available to your account.' });
    }
  }
  return problems;
}

/** Status changes of a submitted application after its verifications moved. */
function progress(state: ApplicationState, members: readonly MemberVerification[]): ApplicationEvent[] {
  const next = statusFromVerifications(members, state.template);
  if (next === state.status) return [];
  const change = { status: next, previousStatus: state.status };
  if (next === 'COMPLETED') return [ev('ApplicationCompleted', { ...change, status: 'COMPLETED', insights: applicationInsights(state.applicant, members) })];
  return [ev('ApplicationProgressed', change)];
}

export function decideApplication(command: ApplicationCommand, state: ApplicationState): ApplicationEvent[] {
  if (command.type === 'OpenApplication') {
    if (state.exists) throw APPLICATION_ERRORS.exists();
    return [
      ev('ApplicationOpened', {
        applicationId: command.applicationId,
        status: 'OPEN',
        previousStatus: null,
        template: command.template,
        applicant: command.applicant,
        customerReference: command.customerReference?.trim() || null,
      }),
    ];
  }
  if (!state.exists || !applicationVisibleTo(state, command.actor)) throw APPLICATION_ERRORS.notFound();
  switch (command.type) {
    case 'SaveApplicationDetails': {
      requireApplicant(command.actor);
      requireOpen(state);
      const problems: Problem[] = [];
      const fields: Record<string, ApplicationFieldValue> = {};
      for (const [key, raw] of Object.entries(command.fields)) {
        const def = state.template.fields.find((f) => f.key === key);
        if (!def) {
          problems.push({ field: `fields.${key}`, message: `This application has no field '${key}'.` });
          continue;
        }
        const v = fieldValue(def, raw);
        if ('problem' in v) problems.push(v.problem);
        else if (state.fields[key] !== v.value) fields[key] = v.value;
      }
      if (problems.length) throw new VerificationInvalid(problems);
      return Object.keys(fields).length ? [ev('ApplicationDetailsSaved', { fields })] : [];
    }
    case 'AddApplicationDocument': {
      requireApplicant(command.actor);
      requireOpen(state);
      const max = state.template.documentRequirements.length + ADDITIONAL_APPLICATION_DOCUMENTS;
      if (state.documents.some((d) => d.id === command.document.id)) return [];
      if (state.documents.length >= max) throw APPLICATION_ERRORS.tooManyDocuments(max);
      return [ev('ApplicationDocumentAdded', { document: command.document })];
    }
    case 'RemoveApplicationDocument': {
      requireApplicant(command.actor);
      requireOpen(state);
      const doc = state.documents.find((d) => d.id === command.documentId);
      if (!doc) throw APPLICATION_ERRORS.documentNotFound();
      return [ev('ApplicationDocumentRemoved', { documentId: doc.id, name: doc.name, blobKey: doc.blobKey })];
    }
    case 'SelectVerifications': {
      requireApplicant(command.actor);
      requireOpen(state);
      const ids = [...new Set(command.verificationIds)];
      const added = ids.filter((id) => !state.verificationIds.includes(id));
      const removed = state.verificationIds.filter((id) => !ids.includes(id));
      if (!added.length && !removed.length) return [];
      return [ev('ApplicationVerificationsSelected', { verificationIds: ids, added, removed })];
    }
    case 'SubmitApplication': {
      requireApplicant(command.actor);
      requireOpen(state);
      const verificationIds = [...new Set([...state.verificationIds, ...command.add])];
      const problems = submissionProblems(state, command.members);
      if (problems.length) throw new VerificationInvalid(problems);
      const submitted = ev('ApplicationSubmitted', { status: 'PENDING', previousStatus: 'OPEN', verificationIds });
      // Only the status and members matter to what follows; the time is the loop's to stamp.
      const after = evolveApplication(state, timed(submitted, ''));
      return [submitted, ...progress(after, command.members)];
    }
    case 'ReconcileApplication': {
      if (state.status !== 'PENDING' && state.status !== 'APPLICANT_ACTION') return [];
      return progress(state, command.members);
    }
    case 'ArchiveApplication': {
      if (command.actor.kind !== 'owner' && command.actor.kind !== 'staff') throw APPLICATION_ERRORS.ownerOnly();
      if (state.status === 'ARCHIVED') throw APPLICATION_ERRORS.archived();
      return [ev('ApplicationArchived', { status: 'ARCHIVED', previousStatus: state.status })];
    }
  }
}

/** The application aggregate, `application-<id>`: what the command-handling loop runs. */
export const applicationDecider: Decider<ApplicationCommand, ApplicationEvent, ApplicationState> = {
  decide: decideApplication,
  evolve: evolveApplication,
  initialState: initialApplicationState,
};
