import type { TypeCode } from '../access/verification-types';
import type {
  Accreditation,
  Actor,
  DocumentRef,
  DocumentRequirementDef,
  DraftInput,
  InstituteDefinition,
  InstituteRef,
  Payment,
  Price,
  Resolution,
  TypeOfVerification,
} from './verification.types';

/** Commands name what a caller wants; decide() answers with events or refuses with a DomainError. */
interface Base<T extends string> {
  type: T;
  actor: Actor;
}

export interface DraftVerification extends Base<'DraftVerification'> {
  verificationId: string;
  companyName: string;
  requestedByName: string;
  individual: boolean;
  verificationType: TypeOfVerification;
  /** The caller's allowed types (access.md 6.4). */
  allowedTypes: readonly TypeCode[];
  institute: InstituteRef | null;
  draft: DraftInput;
  today: string;
}

export interface UpdateVerification extends Base<'UpdateVerification'> {
  changes: Partial<DraftInput>;
  /** A different institute (only before the first submission). */
  institute?: InstituteRef | null;
  today: string;
}

export interface AttachDocument extends Base<'AttachDocument'> {
  document: DocumentRef;
  /**
   * The institute's current requirements for the field values the verification has once the request is applied
   * (documentRequirementsFor: a doctorate adds the Doctoral Degree Confirmation), to place the document and count
   * additional ones.
   */
  requirements: readonly DocumentRequirementDef[];
}

export interface RemoveDocument extends Base<'RemoveDocument'> {
  documentId: string;
}

export interface SubmitVerification extends Base<'SubmitVerification'> {
  consent: boolean;
  /** The institute as the catalogue has it now. */
  institute: InstituteDefinition | null;
  refRequired: boolean;
  refLabel: string | null;
  refDataOptions?: Readonly<Record<string, readonly string[]>>;
  today: string;
  price: Price;
}

export interface RecordPayment extends Base<'RecordPayment'> {
  payment: Payment;
  /** Whether the institute supports the accreditation check the request asked for. */
  accreditationSupported: boolean;
}

/** After payment: to the institute's records, to manual checking, or to the identity provider. */
export interface RouteForChecking extends Base<'RouteForChecking'> {
  holdsRecords: boolean;
  checkId: string;
  resolveKeyHash: string;
  identity: { supplierUrl: string; thirdPartyActionUrl: string } | null;
}

export interface RecordAutomaticCheck extends Base<'RecordAutomaticCheck'> {
  checkId: string;
  match: { thirdPartyData: Record<string, string | number | boolean | null> } | null;
  hints: string[];
}

export interface ResubmitVerification extends Base<'ResubmitVerification'> {
  changes: Partial<DraftInput>;
  /** 'Send for manual checking' (the client's force flag, retriesLeft forced to 0). */
  force: boolean;
  institute: InstituteDefinition | null;
  refDataOptions?: Readonly<Record<string, readonly string[]>>;
  today: string;
  checkId: string;
  resolveKeyHash: string;
}

export interface SendForManualCheck extends Base<'SendForManualCheck'> {
  resolveKeyHash: string;
}

export interface ResolveVerification extends Base<'ResolveVerification'> {
  resolution: Resolution;
  /** Display name of the resolver for the timeline (institute or company name). */
  resolverName: string;
}

/** A resolver (institute, parent account, staff or the public link) attaches an output document to a pending request. */
export interface AttachOutputDocument extends Base<'AttachOutputDocument'> {
  document: DocumentRef;
}

export interface MarkUnable extends Base<'MarkUnable'> {
  note: string | null;
}

export interface CancelVerification extends Base<'CancelVerification'> {
  reason: string | null;
}

export type DeleteVerification = Base<'DeleteVerification'>;

export interface RecordAccreditation extends Base<'RecordAccreditation'> {
  accreditation: Accreditation;
}

export interface StartIdentityCheck extends Base<'StartIdentityCheck'> {
  supplierId: string;
  checkId: string;
}

export interface RecordIdentityCheck extends Base<'RecordIdentityCheck'> {
  checkId: string;
  outcome: 'CLEAR' | 'CONSIDER';
  thirdPartyData: Record<string, string | number | boolean | null>;
}

export interface AddAdminComment extends Base<'AddAdminComment'> {
  comment: string;
}

export type VerificationCommand =
  | DraftVerification
  | UpdateVerification
  | AttachDocument
  | AttachOutputDocument
  | RemoveDocument
  | SubmitVerification
  | RecordPayment
  | RouteForChecking
  | RecordAutomaticCheck
  | ResubmitVerification
  | SendForManualCheck
  | ResolveVerification
  | MarkUnable
  | CancelVerification
  | DeleteVerification
  | RecordAccreditation
  | StartIdentityCheck
  | RecordIdentityCheck
  | AddAdminComment;
