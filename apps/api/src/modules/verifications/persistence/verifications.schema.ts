/**
 * The verifications area's ordinary tables. Verifications themselves are event streams with read models; this
 * holds what the sandbox identity provider keeps.
 */
export const VERIFICATIONS_SCHEMA = [
  // Applicants created in the sandbox identity provider.
  `CREATE TABLE IF NOT EXISTS verification_identity_sandbox (
    applicant_id text PRIMARY KEY,
    firstname text NOT NULL,
    lastname text NOT NULL,
    dob text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  // The sandbox widget's two steps (2.8: document, then face): the check waits for both.
  `ALTER TABLE verification_identity_sandbox ADD COLUMN IF NOT EXISTS document_at timestamptz`,
  `ALTER TABLE verification_identity_sandbox ADD COLUMN IF NOT EXISTS face_at timestamptz`,
];
