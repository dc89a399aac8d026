import type { Page, VerificationView } from '@credence/api-contract';
import type { ApplicationView } from '@/features/applications/api/applications';
import { downloadFile, type DownloadedFile } from '@/features/verifications/api/downloads';
import { api, type CallOptions, type Query } from '@/shared/api/client';

/** An application as its organisation reads it (verifications 3): the applicant's reference and the insights too. */
export interface ApplicantApplication extends ApplicationView {
  applicant: { name: string; username?: string };
  customerReference: string | null;
  insight: { type: string; isMatch: boolean; instituteType: string | null; instituteName: string | null }[];
  insightTag: boolean;
}

/** A custom filter the server offers (GET /application/filters): text, or a select when restricted to values. */
export interface ApplicationFilterDef {
  key: string;
  name: string;
  type: string;
  refData: string | null;
  values: string[] | null;
}

/** GET /application?page&size&query&status&fromDate&toDate&ref&{customKey}= (verifications 7). */
export function listApplicants(query: Query, options: CallOptions = {}): Promise<Page<ApplicantApplication>> {
  return api.get<Page<ApplicantApplication>>('/application', query, options);
}

export function listApplicationFilters(options: CallOptions = {}): Promise<ApplicationFilterDef[]> {
  return api.get<ApplicationFilterDef[]>('/application/filters', undefined, options);
}

export function getApplicant(id: string, options: CallOptions = {}): Promise<ApplicantApplication> {
  return api.get<ApplicantApplication>(`/application/${encodeURIComponent(id)}`, undefined, options);
}

/** PUT application/{id} with {status 'ARCHIVED'}: the organisation closes it; the applicant is notified. */
export function archiveApplication(id: string): Promise<ApplicantApplication> {
  return api.put<ApplicantApplication>(`/application/${encodeURIComponent(id)}`, { status: 'ARCHIVED' });
}

/** POST /register/applicant {email, firstname, lastname, ref}. */
export function inviteApplicant(input: { email: string; firstname: string; lastname: string; ref: string }): Promise<void> {
  return api.post<void>('/register/applicant', { ...input, ref: input.ref || null });
}

/** A verification of the application, for its documents (organisations read those in applications made to them). */
export function getApplicationVerification(id: string, options: CallOptions = {}): Promise<VerificationView> {
  return api.get<VerificationView>(`/verification/${encodeURIComponent(id)}`, undefined, options);
}

/** GET /application/{id}/downloads/result: every document and certificate in one PDF. */
export function downloadAll(id: string): Promise<DownloadedFile> {
  return downloadFile(`/application/${encodeURIComponent(id)}/downloads/result`, {}, `Application-${id}.pdf`);
}

export function downloadApplicantDocument(kind: 'application' | 'verification', id: string, docId: string, filename: string) {
  return downloadFile(`/${kind}/${encodeURIComponent(id)}/document/${encodeURIComponent(docId)}`, {}, filename);
}
