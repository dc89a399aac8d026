import { permissionsForResult } from '../access/permissions';
import type { TypeAlias } from '../access/verification-types';
import type { VerificationState } from './verification.state';
import { isResult, type DraftInput, type InstituteRef, type VerificationResult } from './verification.types';

/** The lists a result is labelled for (verifications.md 4). */
export type ResultList = 'history' | 'resolved' | 'pending' | 'other';

/**
 * The label of a result in a list (the table of verifications.md 4). `inApplication` and `thirdPartyActionUrl`
 * only matter for NOT_FOUND outside the history: 'Action Required' instead of 'Retry'.
 */
export function resultLabel(
  result: string,
  list: ResultList,
  context: { inApplication?: boolean; thirdPartyActionUrl?: string | null } = {},
): string {
  if (result.startsWith('RESOLVE')) return list === 'history' ? 'Please Resolve' : result;
  if (!isResult(result)) return result;
  switch (result) {
    case 'PENDING':
      return 'Pending';
    case 'VERIFIED':
      return 'Verified';
    case 'NOT_VERIFIED':
      return 'Not Verified';
    case 'REJECTED':
      if (list === 'history') return 'Action Required';
      if (list === 'resolved') return 'Rejected';
      if (list === 'pending') return 'Action Required!';
      return 'Rejected';
    case 'NOT_FOUND':
      if (list === 'history') return 'Action Required';
      if (context.inApplication || context.thirdPartyActionUrl) return 'Action Required';
      return 'Retry';
    case 'UNPAID':
      return list === 'resolved' ? 'Unpaid' : 'Incomplete';
    case 'AWAITING_CONSENT':
      return 'Incomplete';
    case 'CANCELLED':
      return 'Cancelled';
    case 'UNABLE':
      return 'Delayed at Source';
    case 'DELETED':
      return 'Deleted';
    default: {
      const never: never = result;
      return never;
    }
  }
}

/** Inside an application REJECTED and NOT_FOUND resolve to ACTION_REQUIRED. */
export const applicationResult = (result: VerificationResult): string =>
  result === 'REJECTED' || result === 'NOT_FOUND' ? 'ACTION_REQUIRED' : result;

/** Filter aliases: ACTION = NOT_FOUND + REJECTED; INCOMPLETE = UNPAID + AWAITING_CONSENT. */
export const RESULT_ALIASES: Readonly<Record<string, readonly VerificationResult[]>> = {
  ACTION: ['NOT_FOUND', 'REJECTED'],
  INCOMPLETE: ['UNPAID', 'AWAITING_CONSENT'],
};

/**
 * The results a filter asks for, aliases expanded, unknown values refused by the caller. DELETED is only
 * filterable when the account has showDeleted; otherwise it is dropped.
 */
export function expandResultFilter(
  values: readonly string[],
  options: { showDeleted: boolean },
): { results: VerificationResult[]; unknown: string[] } {
  const results = new Set<VerificationResult>();
  const unknown: string[] = [];
  for (const raw of values.flatMap((v) => v.split(',')).map((v) => v.trim().toUpperCase()).filter(Boolean)) {
    const alias = RESULT_ALIASES[raw];
    if (alias) alias.forEach((r) => results.add(r));
    else if (isResult(raw)) {
      if (raw !== 'DELETED' || options.showDeleted) results.add(raw);
    } else unknown.push(raw);
  }
  return { results: [...results], unknown };
}

/** Dashboard step: PENDING 2; REJECTED/NOT_FOUND 2 (action); VERIFIED/NOT_VERIFIED 3; else 0. */
export function dashboardStep(result: string): { index: 0 | 2 | 3; state: 'active' | 'complete' | 'warning' } {
  switch (result) {
    case 'PENDING':
      return { index: 2, state: 'active' };
    case 'REJECTED':
    case 'NOT_FOUND':
      return { index: 2, state: 'warning' };
    case 'VERIFIED':
    case 'NOT_VERIFIED':
      return { index: 3, state: 'complete' };
    default:
      return { index: 0, state: 'active' };
  }
}

/** Editable only in NOT_FOUND, REJECTED, UNPAID, AWAITING_CONSENT (the mask then has UPD_FLD). */
export const isEditable = (result: VerificationResult | null) => result === null || (permissionsForResult(result) & 8) !== 0;

/** Actionable mode of the verification view (2.9). */
export const ACTIONABLE_RESULTS: readonly VerificationResult[] = ['UNPAID', 'AWAITING_CONSENT', 'NOT_FOUND', 'REJECTED'];

/** 2.6: upload is offered only when the result is none of these (and the institute takes documents). */
const NO_UPLOAD_RESULTS: readonly VerificationResult[] = ['PENDING', 'VERIFIED', 'NOT_VERIFIED', 'CANCELLED', 'DELETED', 'UNABLE'];
export const uploadAllowedInResult = (result: VerificationResult | null) => result === null || !NO_UPLOAD_RESULTS.includes(result);

/** Deleting a document needs DEL_DOC (REJECTED, UNPAID, AWAITING_CONSENT). */
export const documentDeletionAllowed = (result: VerificationResult | null) =>
  result === null || (permissionsForResult(result) & 32) !== 0;

/** The institute may be changed only before the request is first submitted. */
export const instituteChangeAllowed = (result: VerificationResult | null) =>
  result === null || result === 'AWAITING_CONSENT' || result === 'UNPAID';

/** Institute kind by id prefix (3): QC_EMP_VER employment, QC_ID_VER identity, QC_HS_VER high school, QC_ARF_VER reference. */
export function instituteKind(instituteId: string): 'employment' | 'identity' | 'highschool' | 'academicref' | 'education' {
  if (instituteId.startsWith('QC_EMP_VER')) return 'employment';
  if (instituteId.startsWith('QC_ID_VER')) return 'identity';
  if (instituteId.startsWith('QC_HS_VER')) return 'highschool';
  if (instituteId.startsWith('QC_ARF_VER')) return 'academicref';
  return 'education';
}

/** The fixed institutes a type is built from when no institute is chosen (2.2, 2.4). */
export const FIXED_INSTITUTE_OF_TYPE: Partial<Record<TypeAlias, string>> = {
  EMPLOYMENT: 'QC_EMP_VER',
  IDENTITY: 'QC_ID_VER_TRUST_ID',
  ACA_REF: 'QC_ARF_VER',
  ENG_LANG: 'QC_EL_VER',
};

/**
 * Additional documents allowed (2.6, one of the two readings, taken as the server rule): 5 when REJECTED (the
 * resolver may ask for more evidence), identity 0, otherwise the institute's maxAdditionalDocs when it allows
 * pending (manual) checks, else 0; 5 when no institute is chosen.
 */
export function additionalDocumentsAllowed(institute: InstituteRef | null, result: VerificationResult | null): number {
  if (!institute) return 5;
  if (institute.type === 'IDENTITY') return 0;
  if (result === 'REJECTED') return 5;
  return institute.allowsPending ? institute.maxAdditionalDocs : 0;
}

/** 2.6: documents attached when the institute lists none skip automatic checking. */
export const hasExtraDocumentsForInstituteWithoutList = (state: Pick<VerificationState, 'institute' | 'documents'>) =>
  !!state.institute && !state.institute.listsDocuments && state.documents.some((d) => !d.output);

/** Who the resolve link goes to: the employer's contact, the referee, or the institute's own staff. */
export function resolverContactOf(institute: InstituteRef): 'INSTITUTE' | 'EMPLOYER' | 'REFEREE' {
  const kind = instituteKind(institute.id);
  if (kind === 'employment') return 'EMPLOYER';
  if (kind === 'academicref') return 'REFEREE';
  return 'INSTITUTE';
}

/** The 'reviewed by {who}' of the PENDING footer (2.9). */
export function pendingReviewer(instituteId: string | null): string {
  if (!instituteId) return "the Institute's records staff";
  const kind = instituteKind(instituteId);
  switch (kind) {
    case 'employment':
      return 'the Organisation';
    case 'identity':
      return 'our identity partner';
    case 'academicref':
    case 'education':
    case 'highschool':
      return "the Institute's records staff";
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/** The footer text of the result card (2.9), or null. */
export function resultFooter(result: string, instituteId: string | null): string | null {
  switch (result) {
    case 'PENDING':
      return `This verification is being reviewed by ${pendingReviewer(instituteId)}. A notification will be sent by email when a result is ready.`;
    case 'CANCELLED':
      return 'This verification has been cancelled at the users request.';
    case 'UNABLE':
      return 'This verification is delayed. We are awaiting a response from the primary source.';
    default:
      return null;
  }
}

/** Display name of a draft (3): the first institute name, otherwise '{Type} Verification {n}'. */
export function draftDisplayName(institute: Pick<InstituteRef, 'name' | 'names'> | null, typeName: string, n: number): string {
  return institute?.names[0] ?? institute?.name ?? `${typeName} Verification ${n}`;
}

/** The person's full name as lists show it (fields.firstname fields.surname). */
export const displayName = (p: Pick<DraftInput['person'], 'firstname' | 'surname'>) => `${p.firstname} ${p.surname}`.trim();

/** Output documents show unless PENDING, CANCELLED or DELETED (2.9). */
export const outputDocumentsVisible = (result: string) => !['PENDING', 'CANCELLED', 'DELETED'].includes(result);

/** Menu counters (4): AWAITING_CONSENT gives incomplete; NOT_FOUND + REJECTED give action required. */
export function menuCounters(counts: Partial<Record<VerificationResult, number>>) {
  return {
    verificationsIncomplete: counts.AWAITING_CONSENT ?? 0,
    verificationsActionRequired: (counts.NOT_FOUND ?? 0) + (counts.REJECTED ?? 0),
    verificationsInProgress: counts.PENDING ?? 0,
  };
}

/** The approval processes staff choose from when they resolve ('Resolved By Process'). */
export const APPROVAL_PROCESSES: readonly string[] = [
  'Confirmed by telephone with the institute',
  'Confirmed by e-mail from the institute',
  'Checked on the institute\'s online verification portal',
  'Confirmed by letter from the institute',
  'Checked against the official register of the awarding body',
];

/** verifications.md 8: the identity provider's maintenance window (2025-06-07 00:00-11:00 UTC). */
export const IDENTITY_MAINTENANCE = {
  from: '2025-06-07T00:00:00.000Z',
  to: '2025-06-07T11:00:00.000Z',
  message: 'Identity Document checking is down for maintenance from 00:00 June 7th UTC until 11:00 June 7th UTC.',
} as const;

/** Whether identity checks are down for maintenance at an instant (ISO-8601, UTC). */
export const identityUnderMaintenance = (nowIso: string) => nowIso >= IDENTITY_MAINTENANCE.from && nowIso < IDENTITY_MAINTENANCE.to;
