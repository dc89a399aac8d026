import type { VerificationDetail } from '@/features/verifications/api/verifications';
import { api } from '@/shared/api/client';

/** The identity provider's token (verifications.md 3): the capture widget's jwt and the provider's applicant id. */
export interface IdentityApplicant {
  jwt: string;
  applicantID: string;
}

/** The individual the capture is for; dob as YYYY-MM-DD (sent as dd/MM/yyyy, 'dob (formatted)'). */
export interface IdentityPerson {
  firstname: string;
  lastname: string;
  dob: string;
}

const formatDob = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return y && m && d ? `${d}/${m}/${y}` : iso;
};

/** POST /id/init (verifications.md 7): an applicant at the identity provider. Silent: the widget shows the failure. */
export function initIdentity(person: IdentityPerson): Promise<IdentityApplicant> {
  return api.post<IdentityApplicant>(
    '/id/init',
    { firstname: person.firstname, lastname: person.lastname, dob: formatDob(person.dob) },
    undefined,
    { silent: true },
  );
}

/** The sandbox provider's widget steps (2.8: the document, then a face). */
export type CaptureStep = 'document' | 'face';

/** POST /id/sandbox/{applicantId}/{step}: a step of the sandbox widget done; the provider's check waits for both. */
export function sandboxCaptureStep(applicantId: string, step: CaptureStep): Promise<{ applicantID: string; step: CaptureStep; complete: boolean }> {
  return api.post(`/id/sandbox/${encodeURIComponent(applicantId)}/${step}`, undefined, undefined, { silent: true });
}

/**
 * PUT /verification/{id}?resub=true&push=true with the provider's applicant id (2.8): a verification waiting for the
 * individual's capture moves on to the provider's check (PENDING). Silent: the widget shows the failure.
 */
export function startIdentityCheck(id: string, applicantId: string): Promise<VerificationDetail> {
  return api.put<VerificationDetail>(
    `/verification/${encodeURIComponent(id)}`,
    { supplierId: applicantId },
    { resub: true, push: true },
    { silent: true },
  );
}
