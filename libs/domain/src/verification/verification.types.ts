import type { TypeAlias } from '../access/verification-types';

/** Results of verifications.md 4. A saved draft is AWAITING_CONSENT until it is submitted with consent. */
export const RESULTS = [
  'AWAITING_CONSENT',
  'UNPAID',
  'PENDING',
  'VERIFIED',
  'NOT_VERIFIED',
  'REJECTED',
  'NOT_FOUND',
  'CANCELLED',
  'UNABLE',
  'DELETED',
] as const;
export type VerificationResult = (typeof RESULTS)[number];
export const isResult = (v: string): v is VerificationResult => (RESULTS as readonly string[]).includes(v);

/** Where a verification is in its life; the result alone does not say who acts next. */
export type Stage =
  | 'DRAFT' // saved, not submitted (AWAITING_CONSENT)
  | 'AWAITING_PAYMENT' // submitted, not paid (UNPAID)
  | 'AUTOMATIC_CHECK' // PENDING while the institute's records are searched
  | 'MANUAL_CHECK' // PENDING or UNABLE with the institute, employer or referee
  | 'IDENTITY_CAPTURE' // NOT_FOUND until the individual completes the identity provider's capture
  | 'IDENTITY_CHECK' // PENDING while the identity provider checks
  | 'ACTION_REQUIRED' // NOT_FOUND after an automatic check, or REJECTED by the resolver
  | 'CLOSED'; // VERIFIED, NOT_VERIFIED, CANCELLED, DELETED

/** Who resolves a request sent for manual checking, and so who receives the resolve link. */
export type ResolverContact = 'INSTITUTE' | 'EMPLOYER' | 'REFEREE';

export interface Person {
  firstname: string;
  middlename: string | null;
  surname: string;
  /** YYYY-MM-DD once valid; kept as entered (possibly invalid) in a draft. */
  dob: string;
}

export type FieldValue = string | number | null;

export interface Subject {
  name: string;
  mark: string;
}

/** What a verification keeps of its institute: enough to list, route and scope it without the catalogue. */
export interface InstituteRef {
  id: string;
  name: string;
  names: string[];
  countryId: string | null;
  countryName: string | null;
  /** The parent institute (examination board under a country, employer authority...), for parent accounts. */
  parentId: string | null;
  type: TypeAlias;
  allowsPending: boolean;
  maxAdditionalDocs: number;
  /** Whether the institute lists any document requirement (2.6: extra documents otherwise skip automatic checks). */
  listsDocuments: boolean;
}

export type InstituteFieldType = 'TEXT' | 'INTEGER' | 'DATE' | 'PASSWORD';

export interface InstituteFieldDef {
  key: string;
  name: string;
  required: boolean;
  type: InstituteFieldType;
  refData: 'TRUE' | 'ONLY' | null;
  values: string[] | null;
}

export interface DocumentRequirementDef {
  id: string;
  name: string;
  type: string;
  required: boolean;
}

/** The institute as the catalogue defines it now: what submission is validated against. */
export interface InstituteDefinition extends InstituteRef {
  minYear: number | null;
  readOnly: boolean;
  allowsCurrentStudent: boolean;
  fields: InstituteFieldDef[];
  documentRequirements: DocumentRequirementDef[];
  /** Price of the accreditation check; null when the institute does not support it. */
  accreditationPrice: number | null;
}

/** A document stored in the blob store; the verification keeps its description. */
export interface DocumentRef {
  id: string;
  /** Label shown on the card (the requirement's name, or the user's label for an additional document). */
  name: string;
  /** The requirement's type (CONSENT_INSTITUTE...), or ADDITIONAL. */
  type: string;
  /** The document requirement it satisfies; null for an additional document. */
  requirementId: string | null;
  filename: string;
  size: number;
  sha256: string;
  blobKey: string;
  /** Output documents are produced by the check (result documents), not uploaded by the customer. */
  output: boolean;
}

export interface Price {
  /** Money payers: net amount, VAT and total in the account currency. Token payers: credits. */
  currency: string;
  net: number;
  vat: number;
  total: number;
  credits: number;
}

export type VerificationPaymentMethod = 'CARD' | 'INVOICE' | 'CREDITS' | 'APPLICATION_OWNER' | 'FREE';

export interface Payment {
  method: VerificationPaymentMethod;
  invoiceId: string | null;
  amount: number;
  currency: string;
  credits: number;
}

export type AccreditationStatus = 'PENDING' | 'ACCREDITED' | 'NOT_ACCREDITED' | 'CANCELLED' | 'DELETED';

export interface Accreditation {
  status: AccreditationStatus;
  authority: string | null;
  approvedDate: string | null;
  url: string | null;
}

export type ResolutionResult = 'VERIFIED' | 'REJECTED' | 'NOT_VERIFIED';
export const RESOLUTION_RESULTS: readonly ResolutionResult[] = ['VERIFIED', 'REJECTED', 'NOT_VERIFIED'];

export interface Resolution {
  result: ResolutionResult;
  notes: string | null;
  approvedByName: string;
  approvedByTitle: string;
  /** The approval process staff chose ('Resolved By Process'); null for institutes. */
  approvalProcess: string | null;
}

/** What the caller of a command is, as the API establishes it from the session (or the resolve link). */
export type Actor =
  | { kind: 'customer'; companyId: string; username: string; /** false under Restricted User View for non-admins */ seesAll: boolean }
  | { kind: 'institute'; companyId: string; username: string; instituteIds: readonly string[] }
  | { kind: 'staff'; username: string }
  | { kind: 'public-link'; keyHash: string }
  | { kind: 'system'; process: string };

/** The editable part of a verification (the submission payload of verifications.md 3, normalised). */
export interface DraftInput {
  person: Person;
  fields: Record<string, FieldValue>;
  customerReference: string | null;
  applicationId: string | null;
  accreditationRequested: boolean;
  subjects: Subject[];
  supplierId: string | null;
}

export type TypeOfVerification = TypeAlias;
