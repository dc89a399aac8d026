import type {
  Accreditation,
  AuditEvent,
  FieldValue,
  Price,
  Subject,
  VerificationState,
} from '@credence/domain';
import type { VerificationListRow } from '@credence/read-models';

/** The access 6.5 dashboard step of a result: which step is current and how it shows. */
export interface DashboardStepView {
  index: 0 | 2 | 3;
  state: 'active' | 'complete' | 'warning';
}

/** 'Data from records' (verifications 2.9): what the institute's records or a third party returned. */
export type ThirdPartyData = Record<string, FieldValue | boolean>;

/** A document of a verification (uploaded by the customer, or an output document of the resolver). */
export interface VerificationDocumentView {
  id: string;
  name: string;
  type: string;
  filename: string;
  size: number;
  requirementId: string | null;
  required: boolean;
  output: boolean;
  verificationId: string;
}

/**
 * A row of GET /verification (history), /verification/pending and /verification/resolved: the list read model's
 * row as the API presents it (the person under `fields`, the requester as `username`, the list's label).
 */
export interface VerificationListItem
  extends Pick<
    VerificationListRow,
    | 'id'
    | 'instituteId'
    | 'instituteCountry'
    | 'requestedByName'
    | 'customerReference'
    | 'type'
    | 'accreditationStatus'
    | 'retriesLeft'
    | 'thirdPartyActionUrl'
    | 'credential'
  > {
  recorded: string | null;
  /** The result as the list shows it (the resolved list: what the resolver decided). */
  result: string;
  resultLabel: string;
  /** The verification's result now. */
  currentResult: string;
  fields: Pick<VerificationListRow, 'firstname' | 'middlename' | 'surname' | 'dob' | 'employerName'>;
  instituteName: string | null;
  instituteNames: string[];
  username: string;
  company: { id: string; name: string };
  shared: boolean;
  approvedDate: string | null;
  /** The per-verification bitmask of access 6.5 (0 outside the history). */
  permissions: number;
  dashboardStep: DashboardStepView;
  /** With includeAuditHistory=true. */
  auditEvents?: AuditEvent[];
}

/** The institute as a verification record carries it. */
export interface VerificationInstituteView {
  id: string;
  name: string;
  names: { name: string }[];
  region: { id: string | null; name: string | null };
  allowsPending: boolean;
  maxAdditionalDocs: number;
  parentId: string | null;
}

/**
 * GET /verification/{id} (and the answers of the writes that return it): the verification record of
 * verifications.md 3 from the domain's state, with what the API derives from the rules (label, permission bitmask,
 * step, footer) so that no client derives them again. Resolvers and the public link see no prices.
 */
export interface VerificationView
  extends Pick<
    VerificationState,
    | 'id'
    | 'recorded'
    | 'updated'
    | 'stage'
    | 'retriesLeft'
    | 'notes'
    | 'supplierUrl'
    | 'thirdPartyActionUrl'
    | 'type'
    | 'approvedByName'
    | 'approvedByTitle'
    | 'approvedDate'
    | 'applicationId'
    | 'supplierId'
  > {
  result: string;
  resultLabel: string;
  invoiceId: string | null;
  price: Price | null;
  shared: boolean;
  accreditationStatus: string | null;
  accreditation: Accreditation | null;
  customerReference: string | null;
  username: string | null;
  /** The person, the institute's field values by key, and the check's own data from the records. */
  fields: {
    [key: string]: FieldValue | ThirdPartyData | null | undefined;
    firstname: string;
    middlename: string | null;
    surname: string;
    dob: string;
    thirdPartyData?: ThirdPartyData | null;
  };
  instituteId: string | null;
  instituteName: string | null;
  instituteNames: string[];
  institute: VerificationInstituteView | null;
  company: { id: string; name: string };
  /** Staff only. */
  approvalProcess?: string | null;
  documents: VerificationDocumentView[];
  outputDocs: VerificationDocumentView[];
  additionalFieldData: { subjects: Subject[] }[];
  /** The per-verification bitmask of access 6.5. */
  permissions: number;
  canEdit: boolean;
  canAddDocuments: boolean;
  canDeleteDocuments: boolean;
  dashboardStep: DashboardStepView;
  footer: string | null;
  /** The Event History, where the route includes it. */
  auditEvents?: AuditEvent[];
}

/** GET /verification/meta?results=: a count per asked result (aliases as asked) and the outstanding pendings. */
export interface VerificationMeta {
  resultCounts: { key: string; value: number }[];
  pendingCount: number;
}

/** A row of GET /admin/verifications (the staff console's list): the history row, with what staff filter by. */
export interface StaffVerificationRow extends VerificationListItem {
  companyId: string;
  stage: VerificationListRow['stage'];
  awaitingResolver: boolean;
  updated: string;
}

/** GET /admin/verifications/{id}/timeline: every event of the verification's stream, as recorded. */
export interface VerificationEventView {
  id: string;
  revision: number;
  type: string;
  time: string;
  actor: string | null;
  impersonator: string | null;
  correlationId: string | null;
  data: Record<string, unknown>;
}
