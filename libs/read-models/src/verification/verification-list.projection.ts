import {
  awaitsResolver,
  credentialSummary,
  isVerificationEvent,
  resultChange,
  stageAfter,
  VERIFICATION_EVENT_TYPES,
  VERIFICATION_STREAM_PREFIX,
  type DraftInput,
  type InstituteRef,
  type Stage,
  type VerificationEvent,
  type VerificationResult,
} from '@credence/domain';
import type { ProjectedEvent, Projection, Row } from '../projection';

/**
 * One narrow row per verification: what the lists filter, sort and show (history, pending, resolved, the staff
 * console), indexed for those filters. The full document lives in the detail read model.
 */
export interface VerificationListRow extends Row {
  id: string;
  companyId: string;
  companyName: string;
  requestedBy: string;
  requestedByName: string;
  individual: boolean;
  type: string;
  instituteId: string | null;
  instituteName: string | null;
  instituteNames: string[];
  instituteCountry: string | null;
  instituteParentId: string | null;
  firstname: string;
  middlename: string | null;
  surname: string;
  dob: string;
  employerName: string | null;
  /** What was verified, from the details ('Computer Science, 2017'): the wallet and shares tell entries apart by it. */
  credential: string | null;
  customerReference: string | null;
  applicationId: string | null;
  result: VerificationResult;
  stage: Stage;
  /** Waiting for the institute, employer or referee (PENDING or UNABLE in manual checking). */
  awaitingResolver: boolean;
  retriesLeft: number;
  thirdPartyActionUrl: string | null;
  accreditationStatus: string | null;
  /** The last resolver's decision and when; kept if the request is amended and sent again. */
  resolvedResult: string | null;
  resolvedAt: string | null;
  resolverCompanyId: string | null;
  recorded: string;
  updated: string;
  /** Lower-case name, QCID and reference: what the quick search matches. */
  search: string;
}

export const verificationIdOf = (streamName: string) => streamName.slice(VERIFICATION_STREAM_PREFIX.length);

export function searchText(r: Pick<VerificationListRow, 'id' | 'firstname' | 'middlename' | 'surname' | 'customerReference'>): string {
  return [r.firstname, r.middlename, r.surname, r.id, r.customerReference]
    .filter((v): v is string => !!v)
    .join(' ')
    .toLowerCase();
}

function applyDraft(row: VerificationListRow, changes: Partial<DraftInput> & { institute?: InstituteRef | null }): VerificationListRow {
  const next = { ...row };
  if (changes.person) {
    next.firstname = changes.person.firstname;
    next.middlename = changes.person.middlename;
    next.surname = changes.person.surname;
    next.dob = changes.person.dob;
  }
  if (changes.fields) {
    next.employerName = typeof changes.fields.employerName === 'string' ? changes.fields.employerName : null;
    next.credential = credentialSummary(changes.fields);
  }
  if (changes.customerReference !== undefined) next.customerReference = changes.customerReference;
  if (changes.applicationId !== undefined) next.applicationId = changes.applicationId;
  if (changes.institute !== undefined) Object.assign(next, instituteColumns(changes.institute));
  next.search = searchText(next);
  return next;
}

const instituteColumns = (i: InstituteRef | null) => ({
  instituteId: i?.id ?? null,
  instituteName: i?.name ?? null,
  instituteNames: i?.names ?? [],
  instituteCountry: i?.countryName ?? null,
  instituteParentId: i?.parentId ?? null,
});

export function evolveListRow(row: VerificationListRow | null, event: VerificationEvent, id: string, at: string): VerificationListRow | null {
  if (event.type === 'VerificationDrafted') {
    const d = event.data;
    const drafted: VerificationListRow = {
      id,
      companyId: d.companyId,
      companyName: d.companyName,
      requestedBy: d.requestedBy,
      requestedByName: d.requestedByName,
      individual: d.individual,
      type: d.type,
      ...instituteColumns(d.institute),
      firstname: d.person.firstname,
      middlename: d.person.middlename,
      surname: d.person.surname,
      dob: d.person.dob,
      employerName: typeof d.fields.employerName === 'string' ? d.fields.employerName : null,
      credential: credentialSummary(d.fields),
      customerReference: d.customerReference,
      applicationId: d.applicationId,
      result: d.result,
      stage: 'DRAFT',
      awaitingResolver: false,
      retriesLeft: 0,
      thirdPartyActionUrl: null,
      accreditationStatus: null,
      resolvedResult: null,
      resolvedAt: null,
      resolverCompanyId: null,
      recorded: at,
      updated: at,
      search: '',
    };
    drafted.search = searchText(drafted);
    return drafted;
  }
  // Events of a stream whose first event this table never saw (cannot happen in order) change nothing.
  if (!row) return null;
  let next: VerificationListRow = { ...row, updated: at, stage: stageAfter(event, row.stage) };
  switch (event.type) {
    case 'VerificationUpdated':
      next = applyDraft(next, event.data.changes);
      break;
    case 'VerificationResubmitted':
      next = applyDraft({ ...next, retriesLeft: event.data.retriesLeft }, event.data.changes);
      break;
    case 'AutomaticCheckFoundNoMatch':
      next.retriesLeft = event.data.retriesLeft;
      break;
    case 'VerificationResolved':
      next.resolvedResult = event.data.result;
      next.resolvedAt = at;
      next.resolverCompanyId = event.data.resolverCompanyId;
      break;
    case 'IdentityCaptureRequested':
      next.thirdPartyActionUrl = event.data.thirdPartyActionUrl;
      break;
    case 'AccreditationCheckRequested':
      next.accreditationStatus = 'PENDING';
      break;
    case 'AccreditationRecorded':
      next.accreditationStatus = event.data.accreditation.status;
      break;
    case 'VerificationCancelled':
      if (next.accreditationStatus === 'PENDING') next.accreditationStatus = 'CANCELLED';
      break;
    case 'VerificationDeleted':
      if (next.accreditationStatus) next.accreditationStatus = 'DELETED';
      break;
    case 'DocumentAttached':
    case 'DocumentRemoved':
    case 'VerificationSubmitted':
    case 'VerificationPaid':
    case 'AutomaticCheckStarted':
    case 'AutomaticCheckMatched':
    case 'SentForManualCheck':
    case 'VerificationDelayedAtSource':
    case 'IdentityCheckStarted':
    case 'IdentityCheckCompleted':
    case 'AdminCommentAdded':
      break;
    default: {
      const never: never = event;
      throw new Error(`unknown verification event ${JSON.stringify(never)}`);
    }
  }
  const change = resultChange(event);
  if (change) next.result = change.result;
  next.awaitingResolver = awaitsResolver(next.stage, next.result);
  return next;
}

export const verificationListProjection: Projection<VerificationListRow> = {
  name: 'verification-list',
  version: 2,
  handles: VERIFICATION_EVENT_TYPES,
  rowIds: (event: ProjectedEvent) => (event.streamName.startsWith(VERIFICATION_STREAM_PREFIX) ? [verificationIdOf(event.streamName)] : []),
  evolve: (row, event, id) => (isVerificationEvent(event) ? evolveListRow(row, event, id, event.metadata.occurredAt) : row),
};
