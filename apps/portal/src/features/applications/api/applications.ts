import type { Page, VerificationListItem } from '@credence/api-contract';
import { api, apiRequest, type CallOptions } from '@/shared/api/client';
import { downloadFile, type DownloadedFile } from '@/features/verifications/api/downloads';

/** An application field as its owner defines it, with the applicant's value (verifications 3). */
export interface ApplicationField {
  key: string;
  name: string;
  description: string | null;
  mask: string | null;
  type: string;
  refData: string | null;
  values: string[] | null;
  required: boolean;
  value: string | number | null;
}

export interface ApplicationDocumentView {
  id: string;
  name: string;
  filename: string;
  size: number;
  requirementId: string | null;
  required: boolean;
  applicationId: string;
}

/** GET /application/{id} as the applicant reads it (verifications 2.13, 3). */
export interface ApplicationView {
  id: string;
  created: string | null;
  submitted: string | null;
  completed: string | null;
  archived: string | null;
  status: string;
  owner: { id: string; name: string; template: number };
  applicant: { name: string };
  verificationCount: number;
  verifications: (VerificationListItem & { applicationResult?: string })[];
  applicantPays: boolean;
  lockedInstitutes: string[];
  /** The {key, min, max} bounds as a JSON string, or null. */
  allowedTypes: string | null;
  logo: string | null;
  description: string | null;
  fields: ApplicationField[];
  documents: ApplicationDocumentView[];
  documentRequirements: { id: string; name: string; required: boolean }[];
}

/** The open applications (verifications 7: status OPEN, page 0, size 500). */
export function listOpenApplications(options: CallOptions = {}): Promise<Page<ApplicationView>> {
  return api.get<Page<ApplicationView>>('/application', { status: 'OPEN', page: 0, size: 500 }, options);
}

export function getApplication(id: string, options: CallOptions = {}): Promise<ApplicationView> {
  return api.get<ApplicationView>(`/application/${encodeURIComponent(id)}`, undefined, options);
}

/** PUT application/{id} with {fields}: the Application Details' values (its documents are left as they are). */
export function saveApplicationFields(id: string, fields: { key: string; value: string | null }[]): Promise<ApplicationView> {
  return api.put<ApplicationView>(`/application/${encodeURIComponent(id)}`, { fields });
}

/**
 * The wallet's verifications the transfer modal offers (verifications 9: transfer list size 500), read in the pages
 * of 100 the API serves at most.
 */
export async function listWalletVerifications(options: CallOptions = {}): Promise<Page<VerificationListItem>> {
  const content: VerificationListItem[] = [];
  let totalSize = 0;
  for (let page = 0; page < 5; page++) {
    const answer = await api.get<Page<VerificationListItem>>('/verification', { page, size: 100 }, options);
    content.push(...answer.content);
    totalSize = answer.totalSize;
    if (content.length >= totalSize || answer.content.length < 100) break;
  }
  return { content, totalSize };
}

/** PUT application/{id}/verification with the ids it is to include (verifications 7); answers the application. */
export function selectApplicationVerifications(id: string, verificationIds: string[]): Promise<ApplicationView> {
  return api.put<ApplicationView>(`/application/${encodeURIComponent(id)}/verification`, verificationIds);
}

/** POST /application/{id}/document: one PDF (a data URL) for a requirement or with the applicant's label. */
export function uploadApplicationDocument(
  id: string,
  doc: { name: string; requirementId: string | null; filename: string; data: string },
  options: CallOptions = {},
): Promise<ApplicationDocumentView> {
  return api.post<ApplicationDocumentView>(
    `/application/${encodeURIComponent(id)}/document`,
    { name: doc.name, filename: doc.filename, data: doc.data, ...(doc.requirementId ? { requirementId: doc.requirementId } : {}) },
    undefined,
    options,
  );
}

export function deleteApplicationDocument(id: string, docId: string): Promise<void> {
  return apiRequest<void>(`/application/${encodeURIComponent(id)}/document/${encodeURIComponent(docId)}`, { method: 'DELETE' }).then(() => undefined);
}

/** GET /application/{id}/document/{docId} (binary). */
export function downloadApplicationDocument(id: string, docId: string, filename: string): Promise<DownloadedFile> {
  return downloadFile(`/application/${encodeURIComponent(id)}/document/${encodeURIComponent(docId)}`, {}, filename);
}
