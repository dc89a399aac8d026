import type { TimedEvent } from '../shared/decider';
import type { VerificationEvent } from './verification.events';
import type {
  Accreditation,
  DocumentRef,
  FieldValue,
  InstituteRef,
  Payment,
  Person,
  Price,
  ResolutionResult,
  ResolverContact,
  Stage,
  Subject,
  TypeOfVerification,
  VerificationResult,
} from './verification.types';

/** A verification as its events leave it. Also the detail read model's document, so it stays plain JSON. */
export interface VerificationState {
  exists: boolean;
  id: string;
  companyId: string;
  companyName: string;
  requestedBy: string;
  requestedByName: string;
  individual: boolean;
  type: TypeOfVerification;
  institute: InstituteRef | null;
  person: Person;
  fields: Record<string, FieldValue>;
  customerReference: string | null;
  applicationId: string | null;
  accreditationRequested: boolean;
  subjects: Subject[];
  supplierId: string | null;
  result: VerificationResult | null;
  stage: Stage;
  /** When the request was first saved (the list's Date column). */
  recorded: string;
  updated: string;
  submittedAt: string | null;
  documents: DocumentRef[];
  price: Price | null;
  payment: Payment | null;
  /** Free automatic re-checks left after a NOT_FOUND. */
  retriesLeft: number;
  /** The automatic or identity check in flight: its result must name it, so a stale job changes nothing. */
  checkId: string | null;
  attempts: number;
  resolveKeyHash: string | null;
  contact: ResolverContact | null;
  notes: string | null;
  approvedByName: string | null;
  approvedByTitle: string | null;
  approvedDate: string | null;
  approvalProcess: string | null;
  resolvedBy: 'INSTITUTE' | 'STAFF' | 'PUBLIC_LINK' | 'AUTOMATIC' | 'IDENTITY_PROVIDER' | null;
  resolverCompanyId: string | null;
  /** The last resolver's decision, kept when the request is amended and sent again (the resolved list). */
  resolvedResult: ResolutionResult | null;
  resolvedAt: string | null;
  thirdPartyData: Record<string, FieldValue | boolean> | null;
  supplierUrl: string | null;
  thirdPartyActionUrl: string | null;
  hints: string[];
  accreditation: Accreditation | null;
}

export const initialState = (): VerificationState => ({
  exists: false,
  id: '',
  companyId: '',
  companyName: '',
  requestedBy: '',
  requestedByName: '',
  individual: false,
  type: 'UNI',
  institute: null,
  person: { firstname: '', middlename: null, surname: '', dob: '' },
  fields: {},
  customerReference: null,
  applicationId: null,
  accreditationRequested: false,
  subjects: [],
  supplierId: null,
  result: null,
  stage: 'DRAFT',
  recorded: '',
  updated: '',
  submittedAt: null,
  documents: [],
  price: null,
  payment: null,
  retriesLeft: 0,
  checkId: null,
  attempts: 0,
  resolveKeyHash: null,
  contact: null,
  notes: null,
  approvedByName: null,
  approvedByTitle: null,
  approvedDate: null,
  approvalProcess: null,
  resolvedBy: null,
  resolverCompanyId: null,
  resolvedResult: null,
  resolvedAt: null,
  thirdPartyData: null,
  supplierUrl: null,
  thirdPartyActionUrl: null,
  hints: [],
  accreditation: null,
});

/** Free automatic re-checks after the first NOT_FOUND (verifications.md leaves the number to the server). */
export const AUTOMATIC_RETRIES = 2;

/**
 * The state after one event. Its time is the event's metadata time: the domain never reads the clock.
 */
export function evolve(state: VerificationState, event: TimedEvent<VerificationEvent>): VerificationState {
  const { occurredAt } = event.metadata;
  const s: VerificationState = { ...state, updated: occurredAt, stage: stageAfter(event, state.stage) };
  switch (event.type) {
    case 'VerificationDrafted': {
      const d = event.data;
      return {
        ...s,
        exists: true,
        id: d.verificationId,
        companyId: d.companyId,
        companyName: d.companyName,
        requestedBy: d.requestedBy,
        requestedByName: d.requestedByName,
        individual: d.individual,
        type: d.type,
        institute: d.institute,
        person: d.person,
        fields: d.fields,
        customerReference: d.customerReference,
        applicationId: d.applicationId,
        accreditationRequested: d.accreditationRequested,
        subjects: d.subjects,
        supplierId: d.supplierId,
        result: d.result,
        recorded: occurredAt,
      };
    }
    case 'VerificationUpdated':
      return { ...s, ...event.data.changes };
    case 'DocumentAttached':
      return { ...s, documents: [...s.documents.filter((d) => d.id !== event.data.document.id), event.data.document] };
    case 'DocumentRemoved':
      return { ...s, documents: s.documents.filter((d) => d.id !== event.data.documentId) };
    case 'VerificationSubmitted':
      return { ...s, result: event.data.result, price: event.data.price, submittedAt: occurredAt };
    case 'VerificationPaid':
      return { ...s, payment: event.data.payment };
    case 'AutomaticCheckStarted':
      return {
        ...s,
        result: event.data.result,
        checkId: event.data.checkId,
        attempts: event.data.attempt,
        hints: [],
      };
    case 'AutomaticCheckMatched':
      return {
        ...s,
        result: event.data.result,
        checkId: null,
        thirdPartyData: event.data.thirdPartyData,
        approvedDate: occurredAt,
        resolvedBy: 'AUTOMATIC',
        resolvedAt: occurredAt,
      };
    case 'AutomaticCheckFoundNoMatch':
      return {
        ...s,
        result: event.data.result,
        checkId: null,
        retriesLeft: event.data.retriesLeft,
        hints: event.data.hints,
      };
    case 'SentForManualCheck':
      return {
        ...s,
        result: event.data.result,
        checkId: null,
        contact: event.data.contact,
        resolveKeyHash: event.data.resolveKeyHash,
      };
    case 'VerificationResubmitted':
      return { ...s, ...event.data.changes, retriesLeft: event.data.retriesLeft };
    case 'VerificationResolved': {
      const d = event.data;
      return {
        ...s,
        result: d.result,
        notes: d.notes,
        approvedByName: d.approvedByName,
        approvedByTitle: d.approvedByTitle,
        approvalProcess: d.approvalProcess,
        approvedDate: occurredAt,
        resolvedBy: d.resolvedBy,
        resolverCompanyId: d.resolverCompanyId,
        resolvedResult: d.result,
        resolvedAt: occurredAt,
        // The link has done its job: it must not resolve the request a second time.
        resolveKeyHash: null,
      };
    }
    case 'VerificationDelayedAtSource':
      return { ...s, result: event.data.result, notes: event.data.note ?? s.notes };
    case 'VerificationCancelled':
      return {
        ...s,
        result: event.data.result,
        checkId: null,
        resolveKeyHash: null,
        accreditation: s.accreditation?.status === 'PENDING' ? { ...s.accreditation, status: 'CANCELLED' } : s.accreditation,
      };
    case 'VerificationDeleted':
      return {
        ...s,
        result: event.data.result,
        checkId: null,
        resolveKeyHash: null,
        accreditation: s.accreditation ? { ...s.accreditation, status: 'DELETED' } : null,
      };
    case 'AccreditationCheckRequested':
      return { ...s, accreditation: { status: 'PENDING', authority: null, approvedDate: null, url: null } };
    case 'AccreditationRecorded':
      return { ...s, accreditation: event.data.accreditation };
    case 'IdentityCaptureRequested':
      return {
        ...s,
        result: event.data.result,
        supplierUrl: event.data.supplierUrl,
        thirdPartyActionUrl: event.data.thirdPartyActionUrl,
      };
    case 'IdentityCheckStarted':
      return {
        ...s,
        result: event.data.result,
        checkId: event.data.checkId,
        supplierId: event.data.supplierId,
        attempts: s.attempts + 1,
      };
    case 'IdentityCheckCompleted': {
      const verified = event.data.result === 'VERIFIED';
      return {
        ...s,
        result: event.data.result,
        checkId: null,
        thirdPartyData: event.data.thirdPartyData,
        approvedDate: verified ? occurredAt : s.approvedDate,
        resolvedBy: verified ? 'IDENTITY_PROVIDER' : s.resolvedBy,
        resolvedAt: verified ? occurredAt : s.resolvedAt,
      };
    }
    case 'AdminCommentAdded':
      return s;
    default: {
      const never: never = event;
      throw new Error(`unknown verification event ${JSON.stringify(never)}`);
    }
  }
}

/** Where a verification is after an event (the list read model keeps it too, from the same rule). */
export function stageAfter(event: VerificationEvent, current: Stage): Stage {
  switch (event.type) {
    case 'VerificationDrafted':
      return 'DRAFT';
    case 'VerificationSubmitted':
      return 'AWAITING_PAYMENT';
    case 'AutomaticCheckStarted':
      return 'AUTOMATIC_CHECK';
    case 'AutomaticCheckFoundNoMatch':
      return 'ACTION_REQUIRED';
    case 'SentForManualCheck':
    case 'VerificationDelayedAtSource':
      return 'MANUAL_CHECK';
    case 'VerificationResolved':
      return event.data.result === 'REJECTED' ? 'ACTION_REQUIRED' : 'CLOSED';
    case 'AutomaticCheckMatched':
    case 'VerificationCancelled':
    case 'VerificationDeleted':
      return 'CLOSED';
    case 'IdentityCaptureRequested':
      return 'IDENTITY_CAPTURE';
    case 'IdentityCheckStarted':
      return 'IDENTITY_CHECK';
    case 'IdentityCheckCompleted':
      return event.data.result === 'VERIFIED' ? 'CLOSED' : 'IDENTITY_CAPTURE';
    case 'VerificationUpdated':
    case 'DocumentAttached':
    case 'DocumentRemoved':
    case 'VerificationPaid':
    case 'VerificationResubmitted':
    case 'AccreditationCheckRequested':
    case 'AccreditationRecorded':
    case 'AdminCommentAdded':
      return current;
    default: {
      const never: never = event;
      throw new Error(`unknown verification event ${JSON.stringify(never)}`);
    }
  }
}

/** A manual check the resolver still has to answer: the pending list of institutes. */
export const awaitsResolver = (stage: Stage, result: VerificationResult | null) =>
  stage === 'MANUAL_CHECK' && (result === 'PENDING' || result === 'UNABLE');

