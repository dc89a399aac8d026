/** The third-party identity-verification provider (verifications.md 2.8): document capture, then a face. */
export interface IdentityApplicant {
  /** The provider's SDK token for the capture widget. */
  jwt: string;
  applicantID: string;
}

export type IdentityCheckStatus =
  | { status: 'PENDING' }
  | { status: 'COMPLETE'; outcome: 'CLEAR' | 'CONSIDER'; data: Record<string, string | number | boolean | null> };

export interface IdentityProvider {
  /** POST /id/init: creates an applicant for the capture widget. */
  createApplicant(person: { firstname: string; lastname: string; dob: string }): Promise<IdentityApplicant>;
  /** Where the individual completes the capture (the QR code and Start button of 2.8). */
  captureUrl(verificationId: string): string;
  /** The provider's verdict on an applicant's capture, once it has one. */
  check(applicantId: string): Promise<IdentityCheckStatus>;
  /** How long to wait before asking again while the check is PENDING. */
  readonly pollIntervalMs: number;
}

export const IDENTITY_PROVIDER = Symbol('IDENTITY_PROVIDER');
