import type { ResolutionResult } from '@credence/domain';
import { downloadFile, type DownloadedFile } from '@/features/verifications/api/downloads';
import type {
  Page,
  VerificationDetail,
  VerificationDocument as VerificationDocumentView,
  VerificationRow,
} from '@/features/verifications/api/verifications';
import { api, type CallOptions, type Query } from '@/shared/api/client';

/**
 * A row of GET /verification/pending and /verification/resolved (verifications 2.11, 7): a history row plus the
 * enquiring company (the 'Verifying Organisation' column) and, in the resolved list, the resolver's own result.
 */
export type ResolverRow = VerificationRow & {
  company: { id: string; name: string };
  approvedDate?: string | null;
};

export type ResolverList = 'pending' | 'resolved';

/** PUT /verification/pending/{id} and /pending/key/{vkey} (verifications 7): the Resolution form's answer. */
export interface ResolutionInput {
  result: ResolutionResult;
  notes: string | null;
  approvedByName: string;
  approvedByTitle: string;
  /** 'Resolved By Process': staff administrators only. */
  abp?: string | null;
}

/** GET /verification/pending or /verification/resolved with page, size, query, fromDate, toDate (and results). */
export function listResolverVerifications(
  list: ResolverList,
  query: Query,
  options: CallOptions = {},
): Promise<Page<ResolverRow>> {
  return api.get<Page<ResolverRow>>(`/verification/${list}`, query, options);
}

/**
 * GET /verification/pending/{id}: the request waiting for this resolver, or null when the API answers 204
 * (verifications 4, 8: already resolved). Quiet: the page shows 'Oops!' in its own words.
 */
export async function getPendingVerification(
  id: string,
  options: CallOptions = {},
): Promise<VerificationDetail | null> {
  const v = await api.get<VerificationDetail | undefined>(
    `/verification/pending/${encodeURIComponent(id)}`,
    undefined,
    { ...options, silent: true },
  );
  return v ?? null;
}

/** GET /verification/pending/key/{vkey}: the public resolve link's request (access 6.7), null on 204. */
export async function getPendingByKey(
  key: string,
  options: CallOptions = {},
): Promise<VerificationDetail | null> {
  const v = await api.get<VerificationDetail | undefined>(
    `/verification/pending/key/${encodeURIComponent(key)}`,
    undefined,
    { ...options, silent: true },
  );
  return v ?? null;
}

/** GET /verification/resolved/{id}: a resolved verification, read only. */
export function getResolvedVerification(id: string, options: CallOptions = {}): Promise<VerificationDetail> {
  return api.get<VerificationDetail>(`/verification/resolved/${encodeURIComponent(id)}`, undefined, {
    ...options,
    silent: true,
  });
}

/** PUT /verification/pending/{id}: the signed-in resolver answers; the record comes back as resolved. */
export function resolvePending(id: string, input: ResolutionInput): Promise<VerificationDetail> {
  return api.put<VerificationDetail>(`/verification/pending/${encodeURIComponent(id)}`, input);
}

/** PUT /verification/pending/key/{vkey}: the public resolver answers. */
export function resolveByKey(key: string, input: ResolutionInput): Promise<{ id: string; result: string }> {
  return api.put<{ id: string; result: string }>(
    `/verification/pending/key/${encodeURIComponent(key)}`,
    input,
  );
}

/** GET approvalprocess (verifications 7): the 'Resolved By Process' choices, for staff administrators. */
export function listApprovalProcesses(options: CallOptions = {}): Promise<string[]> {
  return api.get<string[]>('/approvalprocess', undefined, { ...options, silent: true });
}

/** A document of the public resolve link's request (GET /verification/pending/key/{vkey}/document/{docId}). */
export function downloadDocumentByKey(
  key: string,
  documentId: string,
  filename: string,
): Promise<DownloadedFile> {
  return downloadFile(
    `/verification/pending/key/${encodeURIComponent(key)}/document/${encodeURIComponent(documentId)}`,
    {},
    filename,
  );
}

/** An output document the resolver attaches (2.9, 2.11): its label and the PDF as a data URL. */
export interface OutputUpload {
  name: string;
  filename: string;
  data: string;
}

/**
 * POST /verification/pending/{id}/document, or /pending/key/{vkey}/document through the public link: an output
 * document attached to the pending request (PDF, 5 MB), shown to the enquirer on the result once resolved.
 */
export function uploadOutputDocument(
  id: string,
  publicMode: boolean,
  doc: OutputUpload,
): Promise<VerificationDocumentView> {
  const path = publicMode
    ? `/verification/pending/key/${encodeURIComponent(id)}/document`
    : `/verification/pending/${encodeURIComponent(id)}/document`;
  return api.post<VerificationDocumentView>(path, doc);
}
