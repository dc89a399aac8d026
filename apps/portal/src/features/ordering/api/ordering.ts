import type { CreditInfo, OrderQuoteView, Page as ApiPage, VerificationListItem } from '@credence/api-contract';
import type { InstituteFieldType } from '@credence/domain';
import { api, apiRequest, type CallOptions } from '@/shared/api/client';
import type { Page } from '@/features/verifications/api/verifications';

/** A notice of an institute or its country (INFO, WARNING, READONLY_INFO). */
export interface Notice {
  type: string;
  message: string;
}

/** The prices a caller may see (money 2.8): money for card and invoice payers, credits for token payers, or none. */
export interface Prices {
  product: { price: number | null };
  surcharge: number | null;
  totalPrice: number | null;
  credits: number | null;
}

/** A row of GET /institute/summary (verifications.md 3). */
export interface InstituteSummary extends Prices {
  id: string;
  name: string;
  names: { name: string }[];
  region: { id: string; name: string | null } | null;
  readOnly: boolean;
  /** The number of sub-institutes (examination boards under a country's entry). */
  children: number;
}

export interface InstituteFieldBody {
  key: string;
  name: string;
  description: string | null;
  required: boolean;
  type: InstituteFieldType;
  refData: 'TRUE' | 'ONLY' | null;
  values: string[] | null;
  value: string | null;
  mask: string | null;
}

export interface DocumentRequirementBody {
  id: string;
  name: string;
  type: string;
  required: boolean;
  description: string | null;
  templateDescription: string | null;
  template: string | null;
}

/** GET /institute/{id} (verifications.md 3), with the prices the caller may see. */
export interface InstituteBody extends Prices {
  id: string;
  name: string;
  names: { name: string }[];
  region: { id: string; name: string; notices: Notice[] } | null;
  type: string;
  parentId: string | null;
  minYear: number | null;
  accreditation: number | null;
  accreditationSupported: boolean;
  fields: InstituteFieldBody[];
  documentRequirements: DocumentRequirementBody[];
  notices: Notice[];
  allowsPending: boolean;
  readOnly: boolean;
  allowsCurrentStudent: boolean;
  maxAdditionalDocs: number;
  children: number;
}

export interface InstituteSearch {
  page: number;
  size: number;
  name?: string;
  regionId?: string;
  parentId?: string;
}

export interface Country {
  id: string;
  name: string;
}

/** A document sent with a submission (verifications.md 3): data is a PDF data URL. */
export interface InlineDocument {
  requirementId?: string;
  name: string;
  filename: string;
  data: string;
}

/** The submission payload of verifications.md 3. */
export interface Submission {
  instituteId: string;
  type: string;
  fields: Record<string, string | number | null>;
  documents: InlineDocument[];
  customerReference: string | null;
  accreditation: { instituteId: string } | null;
  additionalFieldData: { subjects: { name: string; mark: string }[] }[];
  consent: boolean;
  /** The open application the verification goes into (verifications 2.13). */
  applicationId?: string;
}

export interface CreditPurchase {
  amount: number;
  btNonce: string | null;
  btSaveCard: boolean;
}

/** What POST and PUT /verification answer per verification: the record with the order's invoice id. */
export interface SubmittedVerification {
  id: string;
  result: string;
  invoiceId: string | null;
  paymentDue?: boolean;
}

/** POST /verification/quote: the order review's figures (money 2.9). */
export type OrderQuote = OrderQuoteView;

export interface QuoteLine {
  id: string;
  instituteId: string;
  candidateName: string;
  accreditation: boolean;
}

/** GET /institute/summary (2.3): a page of the search, failures logged only (verifications 8). */
export function searchInstitutes(query: InstituteSearch, options: CallOptions = {}): Promise<Page<InstituteSummary>> {
  return api.get<Page<InstituteSummary>>('/institute/summary', { ...query, fuzzy: true }, { ...options, silent: true });
}

/** The country selector's list (2.4): the summaries named EMPVQCI or HSVQCI, page 0, size 1000. */
export function countryEntries(listName: string, options: CallOptions = {}): Promise<Page<InstituteSummary>> {
  return api.get<Page<InstituteSummary>>('/institute/summary', { name: listName, page: 0, size: 1000 }, { ...options, silent: true });
}

/** The examination boards under a country's entry (2.4). */
export function childInstitutes(parentId: string, options: CallOptions = {}): Promise<Page<InstituteSummary>> {
  return api.get<Page<InstituteSummary>>('/institute/summary', { parentId, page: 0, size: 1000 }, { ...options, silent: true });
}

export function getInstituteBody(id: string, options: CallOptions = {}, applicationId: string | null = null): Promise<InstituteBody> {
  return api.get<InstituteBody>(`/institute/${encodeURIComponent(id)}`, applicationId ? { applicationId } : undefined, options);
}

/** GET /region?size=300: the Country select of the institute search. */
export function listCountries(options: CallOptions = {}): Promise<Page<Country>> {
  return api.get<Page<Country>>('/region', { size: 300 }, { ...options, silent: true });
}

/** GET /institute/{id}/refdata?key&name&size=300 (2.5: reference data with remote search). */
export function searchRefData(instituteId: string, key: string, name: string, options: CallOptions = {}): Promise<Page<{ id: string; name: string }>> {
  return api.get<Page<{ id: string; name: string }>>(`/institute/${encodeURIComponent(instituteId)}/refdata`, { key, name, size: 300 }, { ...options, silent: true });
}

/** POST /institute/ (2.7). */
export function requestInstitute(body: { name: string; country: string; comment: string }): Promise<unknown> {
  return api.post<unknown>('/institute/', { name: body.name, region: { name: body.country }, comment: body.comment });
}

/** POST /verification: submit new verifications (several as one order), paying with the credit purchase. */
export function submitNew(verifications: Submission[], creditPurchase: CreditPurchase | null): Promise<SubmittedVerification[]> {
  return api.post<SubmittedVerification[]>('/verification', { verifications, ...(creditPurchase ? { creditPurchase } : {}) });
}

/** POST /verification?autosubmit=false: Save for later (2.2), a draft. */
export function saveNewDraft(submission: Submission): Promise<SubmittedVerification> {
  return api.post<SubmittedVerification>('/verification', submission, { autosubmit: false });
}

/** PUT /verification/{id}: a saved draft's changes. */
export function saveDraft(id: string, submission: Submission): Promise<SubmittedVerification> {
  return api.put<SubmittedVerification>(`/verification/${encodeURIComponent(id)}`, submission);
}

/** PUT /verification/{id}?push=true: a saved draft submitted. */
export function submitDraft(id: string, submission: Submission, creditPurchase: CreditPurchase | null): Promise<SubmittedVerification[]> {
  return api.put<SubmittedVerification[]>(
    `/verification/${encodeURIComponent(id)}`,
    { verifications: [submission], ...(creditPurchase ? { creditPurchase } : {}) },
    { push: true },
  );
}

/**
 * POST /verification/quote: the order review's figures (money 2.9) for what is about to be submitted; inside an
 * application (`applicationId`) its pricing scheme and applicantPays decide them, as they decide the charge.
 */
export function quoteOrder(lines: QuoteLine[], extraCredit: number, options: CallOptions = {}, applicationId: string | null = null): Promise<OrderQuote> {
  return api.post<OrderQuote>(
    '/verification/quote',
    { verifications: lines, ...(extraCredit > 0 ? { creditPurchase: { amount: extraCredit } } : {}), ...(applicationId ? { applicationId } : {}) },
    undefined,
    { ...options, silent: true },
  );
}

/** GET /credit with the card form's client token (money 2.10); null when the account has none. */
export async function cardClientToken(options: CallOptions = {}): Promise<string | null> {
  const info = await api.get<CreditInfo>('/credit', { includeBTToken: true }, { ...options, silent: true });
  return info.btToken;
}

/** The duplicate lookup (verifications 7): GET /verification by institute, names, dob and a date one year back. */
export function previousVerifications(
  query: { instituteId: string; firstname: string; surname: string; dob: string; fromDate: string; page: number; size: number },
  options: CallOptions = {},
): Promise<ApiPage<VerificationListItem>> {
  return api.get<ApiPage<VerificationListItem>>('/verification', query, { ...options, silent: true });
}

/** The latest verifications of the account (newest first), for 'Use a previous individual/institute?' (2.3, 2.5). */
export function recentVerifications(options: CallOptions = {}): Promise<ApiPage<VerificationListItem>> {
  return api.get<ApiPage<VerificationListItem>>('/verification', { page: 0, size: 100 }, { ...options, silent: true });
}

/** DELETE /verification/{id}/document/{docId}. */
export function deleteDocument(verificationId: string, docId: string): Promise<void> {
  return apiRequest<void>(`/verification/${encodeURIComponent(verificationId)}/document/${encodeURIComponent(docId)}`, { method: 'DELETE' }).then(() => undefined);
}
