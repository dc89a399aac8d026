import type { DomainEvent } from '../shared/event';
import type {
  Accreditation,
  DocumentRef,
  DraftInput,
  FieldValue,
  InstituteRef,
  Payment,
  Price,
  ResolutionResult,
  ResolverContact,
  TypeOfVerification,
  VerificationResult,
} from './verification.types';

/** Every verification is one stream: `verification-<QCID>`. */
export const verificationStream = (id: string) => `verification-${id}`;
export const VERIFICATION_STREAM_PREFIX = 'verification-';

type Event<T extends string, D> = DomainEvent<T, D> & { schemaVersion: 1 };

/**
 * Events that change the result say so, with the result they left: projections (counters per result) and the
 * timeline read the change from the event alone.
 */
export interface Transition<R extends VerificationResult = VerificationResult> {
  result: R;
  previousResult: VerificationResult | null;
}

export type VerificationDrafted = Event<
  'VerificationDrafted',
  DraftInput &
    Transition<'AWAITING_CONSENT'> & {
      verificationId: string;
      companyId: string;
      companyName: string;
      requestedBy: string;
      requestedByName: string;
      individual: boolean;
      type: TypeOfVerification;
      institute: InstituteRef | null;
    }
>;

export type VerificationUpdated = Event<
  'VerificationUpdated',
  { changes: Partial<DraftInput> & { institute?: InstituteRef | null } }
>;

export type DocumentAttached = Event<'DocumentAttached', { document: DocumentRef }>;
export type DocumentRemoved = Event<'DocumentRemoved', { documentId: string; name: string }>;

export type VerificationSubmitted = Event<'VerificationSubmitted', Transition<'UNPAID'> & { price: Price }>;
export type VerificationPaid = Event<'VerificationPaid', { payment: Payment }>;

export type AutomaticCheckStarted = Event<
  'AutomaticCheckStarted',
  Transition<'PENDING'> & { checkId: string; attempt: number }
>;
export type AutomaticCheckMatched = Event<
  'AutomaticCheckMatched',
  Transition<'VERIFIED'> & {
    checkId: string;
    /** The record's data as held by the institute ('Data from records'). */
    thirdPartyData: Record<string, FieldValue | boolean>;
  }
>;
export type AutomaticCheckFoundNoMatch = Event<
  'AutomaticCheckFoundNoMatch',
  Transition<'NOT_FOUND'> & { checkId: string; retriesLeft: number; hints: string[] }
>;

export type SentForManualCheck = Event<
  'SentForManualCheck',
  Transition<'PENDING'> & {
    reason: 'NO_RECORDS' | 'EXTRA_DOCUMENTS' | 'REQUESTED' | 'RESUBMITTED';
    contact: ResolverContact;
    /** SHA-256 (hex) of the public resolve link's key; the key itself is only ever e-mailed. */
    resolveKeyHash: string;
  }
>;

export type VerificationResubmitted = Event<
  'VerificationResubmitted',
  { changes: Partial<DraftInput>; retriesLeft: number; from: 'NOT_FOUND' | 'REJECTED' }
>;

export type VerificationResolved = Event<
  'VerificationResolved',
  Transition<ResolutionResult> & {
    notes: string | null;
    approvedByName: string;
    approvedByTitle: string;
    approvalProcess: string | null;
    resolvedBy: 'INSTITUTE' | 'STAFF' | 'PUBLIC_LINK';
    resolverCompanyId: string | null;
    resolverName: string;
  }
>;

export type VerificationDelayedAtSource = Event<
  'VerificationDelayedAtSource',
  Transition<'UNABLE'> & { note: string | null }
>;
export type VerificationCancelled = Event<
  'VerificationCancelled',
  Transition<'CANCELLED'> & { reason: string | null; by: 'CUSTOMER' | 'STAFF' }
>;
export type VerificationDeleted = Event<'VerificationDeleted', Transition<'DELETED'>>;

export type AccreditationCheckRequested = Event<'AccreditationCheckRequested', Record<string, never>>;
export type AccreditationRecorded = Event<'AccreditationRecorded', { accreditation: Accreditation }>;

export type IdentityCaptureRequested = Event<
  'IdentityCaptureRequested',
  Transition<'NOT_FOUND'> & { supplierUrl: string; thirdPartyActionUrl: string }
>;
export type IdentityCheckStarted = Event<
  'IdentityCheckStarted',
  Transition<'PENDING'> & { checkId: string; supplierId: string }
>;
export type IdentityCheckCompleted = Event<
  'IdentityCheckCompleted',
  Transition<'VERIFIED' | 'NOT_FOUND'> & {
    checkId: string;
    outcome: 'CLEAR' | 'CONSIDER';
    thirdPartyData: Record<string, FieldValue | boolean>;
  }
>;

export type AdminCommentAdded = Event<'AdminCommentAdded', { comment: string }>;

export type VerificationEvent =
  | VerificationDrafted
  | VerificationUpdated
  | DocumentAttached
  | DocumentRemoved
  | VerificationSubmitted
  | VerificationPaid
  | AutomaticCheckStarted
  | AutomaticCheckMatched
  | AutomaticCheckFoundNoMatch
  | SentForManualCheck
  | VerificationResubmitted
  | VerificationResolved
  | VerificationDelayedAtSource
  | VerificationCancelled
  | VerificationDeleted
  | AccreditationCheckRequested
  | AccreditationRecorded
  | IdentityCaptureRequested
  | IdentityCheckStarted
  | IdentityCheckCompleted
  | AdminCommentAdded;

export type VerificationEventType = VerificationEvent['type'];

export const VERIFICATION_EVENT_TYPES: readonly VerificationEventType[] = [
  'VerificationDrafted',
  'VerificationUpdated',
  'DocumentAttached',
  'DocumentRemoved',
  'VerificationSubmitted',
  'VerificationPaid',
  'AutomaticCheckStarted',
  'AutomaticCheckMatched',
  'AutomaticCheckFoundNoMatch',
  'SentForManualCheck',
  'VerificationResubmitted',
  'VerificationResolved',
  'VerificationDelayedAtSource',
  'VerificationCancelled',
  'VerificationDeleted',
  'AccreditationCheckRequested',
  'AccreditationRecorded',
  'IdentityCaptureRequested',
  'IdentityCheckStarted',
  'IdentityCheckCompleted',
  'AdminCommentAdded',
];

export const isVerificationEvent = (e: DomainEvent): e is VerificationEvent =>
  (VERIFICATION_EVENT_TYPES as readonly string[]).includes(e.type);

/** The result an event leaves, when it changes it. */
export function resultChange(e: VerificationEvent): Transition | null {
  const data = e.data as Partial<Transition>;
  return data.result !== undefined ? { result: data.result, previousResult: data.previousResult ?? null } : null;
}

/** Makes an event (schema version 1) without repeating the envelope at each call site. */
export const verificationEvent = <E extends VerificationEvent>(type: E['type'], data: E['data']): E =>
  ({ type, schemaVersion: 1, data }) as E;

/** Field values travel as JSON; FieldValue keeps them to what forms produce. */
export type { FieldValue };
