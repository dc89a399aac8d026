import type {
  Accreditation,
  AuditEvent,
  FieldValue,
  InstituteFieldDef,
  Subject,
  VerificationState,
} from '@credence/domain';
import type { VerificationListRow } from '@credence/read-models';
import { api, type CallOptions, type Query } from '@/shared/api/client';

/** 'Data from records' (2.9): what the institute's records or a third party returned. */
export type ThirdPartyData = Record<string, FieldValue | boolean>;

/** A page of a list as the API answers it (verifications.md 7: content, totalSize; page is 0-based). */
export interface Page<T> {
  content: T[];
  totalSize: number;
}

/**
 * A row of GET /verification (the history, 2.10): the list read model's row as the API presents it (the person
 * under `fields`, the requester as `username`, the label of the history list beside the result).
 */
export interface VerificationRow
  extends Pick<
    VerificationListRow,
    | 'id'
    | 'instituteId'
    | 'instituteName'
    | 'instituteNames'
    | 'instituteCountry'
    | 'requestedByName'
    | 'customerReference'
    | 'type'
    | 'accreditationStatus'
    | 'retriesLeft'
    | 'thirdPartyActionUrl'
  > {
  recorded: string | null;
  result: string;
  resultLabel: string;
  fields: Pick<VerificationListRow, 'firstname' | 'middlename' | 'surname' | 'dob' | 'employerName'>;
  username: string;
  shared: boolean;
  permissions: number;
}

export interface VerificationDocument {
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
 * GET /verification/{id}: the verification record of verifications.md 3 from the detail read model (the domain's
 * VerificationState), with what the API derives from the rules (label, permission bitmask, footer) and the
 * Event History.
 */
export interface VerificationDetail
  extends Pick<
    VerificationState,
    | 'id'
    | 'recorded'
    | 'retriesLeft'
    | 'notes'
    | 'supplierUrl'
    | 'thirdPartyActionUrl'
    | 'customerReference'
    | 'type'
    | 'approvedByName'
    | 'approvedByTitle'
    | 'approvedDate'
    | 'applicationId'
    | 'stage'
  > {
  result: string;
  resultLabel: string;
  invoiceId: string | null;
  shared: boolean;
  accreditationStatus: string | null;
  accreditation: Accreditation | null;
  username: string | null;
  /** The person, the institute's field values by key, and the check's own data from the records. */
  fields: {
    [key: string]: FieldValue | ThirdPartyData | undefined;
    firstname: string;
    middlename: string | null;
    surname: string;
    dob: string;
    thirdPartyData?: ThirdPartyData | null;
  };
  instituteId: string | null;
  instituteName: string | null;
  instituteNames: string[];
  institute: {
    id: string;
    name: string;
    names: { name: string }[];
    region: { id: string | null; name: string | null };
    allowsPending: boolean;
    maxAdditionalDocs: number;
  } | null;
  company: { id: string; name: string };
  documents: VerificationDocument[];
  outputDocs: VerificationDocument[];
  additionalFieldData: { subjects: Subject[] }[];
  /** The per-verification bitmask of access 6.5. */
  permissions: number;
  footer: string | null;
  auditEvents?: AuditEvent[];
}

/** GET /institute/{id}: what the result card and the amend form need of it (the fields' names and kinds). */
export interface InstituteDetail {
  id: string;
  name: string;
  fields: (InstituteFieldDef & { description?: string | null })[];
  allowsPending: boolean;
  allowsCurrentStudent?: boolean;
}

/** A team member for the 'Requested By' picker (GET /user, access 3.5). */
export interface RequestedByUser {
  username: string;
  firstname: string;
  lastname: string;
}

/** The editable part sent back on re-submission (verifications.md 3's submission payload). */
export interface ResubmitInput {
  fields: Record<string, FieldValue>;
  customerReference?: string | null;
  /** Send for manual checking instead of the automatic check (2.9: 'Send for manual checking'). */
  force?: boolean;
}

export function listVerifications(query: Query, options: CallOptions = {}): Promise<Page<VerificationRow>> {
  return api.get<Page<VerificationRow>>('/verification', query, options);
}

export function getVerification(id: string, options: CallOptions = {}): Promise<VerificationDetail> {
  return api.get<VerificationDetail>(`/verification/${encodeURIComponent(id)}`, undefined, options);
}

export function getInstitute(id: string, options: CallOptions = {}): Promise<InstituteDetail> {
  return api.get<InstituteDetail>(`/institute/${encodeURIComponent(id)}`, undefined, {
    ...options,
    silent: true,
  });
}

/** Spec 2.10: the Requested By picker searches the team remotely, pending users left out. */
export function searchRequesters(text: string, options: CallOptions = {}): Promise<RequestedByUser[]> {
  return api.get<RequestedByUser[]>(
    '/user',
    { query: text, includePending: false, orderBy: 'firstname' },
    { ...options, silent: true },
  );
}

/** PUT /verification/{id}?resub=true: amend and re-submit (NOT_FOUND, REJECTED), free of charge. */
export function resubmitVerification(id: string, input: ResubmitInput): Promise<VerificationDetail> {
  return api.put<VerificationDetail>(
    `/verification/${encodeURIComponent(id)}`,
    { fields: input.fields, customerReference: input.customerReference, force: input.force ?? false },
    { resub: true },
  );
}

/** PUT /verification/{id}?push=true: submit an incomplete request (UNPAID, AWAITING_CONSENT). */
export function submitVerification(id: string): Promise<VerificationDetail & { invoiceId: string | null }> {
  return api.put<VerificationDetail & { invoiceId: string | null }>(
    `/verification/${encodeURIComponent(id)}`,
    { consent: true },
    { push: true },
  );
}

export function deleteVerification(id: string): Promise<void> {
  return api.delete<void>(`/verification/${encodeURIComponent(id)}`);
}
