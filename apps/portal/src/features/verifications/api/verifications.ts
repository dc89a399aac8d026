import type {
  Page,
  VerificationDocumentView,
  VerificationListItem,
  VerificationView,
} from '@credence/api-contract';
import type { FieldValue, InstituteFieldDef } from '@credence/domain';
import type { DocumentRequirementBody } from '@/features/ordering/api/ordering';
import { api, type CallOptions, type Query } from '@/shared/api/client';

export type {
  Page,
  ThirdPartyData,
  VerificationDocumentView as VerificationDocument,
  VerificationListItem as VerificationRow,
  VerificationView as VerificationDetail,
} from '@credence/api-contract';

/** GET /institute/{id}: what the result card and the amend form need of it (the fields' names and kinds). */
export interface InstituteDetail {
  id: string;
  name: string;
  fields: (InstituteFieldDef & { description?: string | null })[];
  allowsPending: boolean;
  allowsCurrentStudent?: boolean;
  /** The documents the institute asks for (2.6) and how many more may be attached. */
  documentRequirements?: DocumentRequirementBody[];
  maxAdditionalDocs?: number;
  type?: string;
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

export function listVerifications(
  query: Query,
  options: CallOptions = {},
): Promise<Page<VerificationListItem>> {
  return api.get<Page<VerificationListItem>>('/verification', query, options);
}

/**
 * GET /verification/{id}. An answer that is not a verification (a proxy's HTML page answered 200, say) fails here,
 * as an Error that is not the API's, rather than as a crash of the view drawing it: the view then says 'Failed to
 * build verification result' (verifications 8).
 */
export async function getVerification(id: string, options: CallOptions = {}): Promise<VerificationView> {
  const answer = await api.get<unknown>(`/verification/${encodeURIComponent(id)}`, undefined, options);
  const v = answer as Partial<VerificationView> | null;
  if (!v || typeof v !== 'object' || typeof v.id !== 'string' || !v.fields || typeof v.fields !== 'object') {
    throw new Error(`GET /verification/${id}: the answer is not a verification`);
  }
  return v as VerificationView;
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
export function resubmitVerification(id: string, input: ResubmitInput): Promise<VerificationView> {
  return api.put<VerificationView>(
    `/verification/${encodeURIComponent(id)}`,
    { fields: input.fields, customerReference: input.customerReference, force: input.force ?? false },
    { resub: true },
  );
}

/** The card payment of an unpaid request (money 2.10): the card form's nonce, nothing bought beyond the request. */
export interface CardPayment {
  btNonce: string;
  btSaveCard: boolean;
}

/** What submitting an incomplete request sends: the details as amended on its page, and the card for an unpaid one. */
export interface SubmitInput {
  card?: CardPayment;
  amend?: Omit<ResubmitInput, 'force'>;
}

/**
 * PUT /verification/{id}?push=true: submit an incomplete request (UNPAID, AWAITING_CONSENT), with the details as
 * amended on its page and the consent the user gave there. A CARD payer's unpaid request is paid in the same call
 * with the card form's nonce (the creditPurchase the ordering wizard sends).
 */
export function submitVerification(
  id: string,
  { card, amend }: SubmitInput = {},
): Promise<VerificationView & { invoiceId: string | null }> {
  return api.put<VerificationView & { invoiceId: string | null }>(
    `/verification/${encodeURIComponent(id)}`,
    {
      consent: true,
      ...(amend ? { fields: amend.fields, customerReference: amend.customerReference } : {}),
      ...(card ? { creditPurchase: { amount: 0, ...card } } : {}),
    },
    { push: true },
  );
}

/** A PDF attached to a verification being amended (2.6): its label, its requirement, the file as a data URL. */
export interface DocumentUpload {
  name: string;
  requirementId: string | null;
  filename: string;
  data: string;
}

/** POST /verification/{id}/document (JSON with a PDF data URL): stored at once, checked by the API's document rules. */
export function uploadVerificationDocument(
  id: string,
  doc: DocumentUpload,
): Promise<VerificationDocumentView> {
  return api.post<VerificationDocumentView>(`/verification/${encodeURIComponent(id)}/document`, {
    name: doc.name,
    ...(doc.requirementId ? { requirementId: doc.requirementId } : {}),
    filename: doc.filename,
    data: doc.data,
  });
}

export function deleteVerification(id: string): Promise<void> {
  return api.delete<void>(`/verification/${encodeURIComponent(id)}`);
}
