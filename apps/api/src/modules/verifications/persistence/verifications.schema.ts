/**
 * The verifications area's ordinary tables. Verifications themselves are event streams with read models; these
 * hold what the interim payment adapter and the sandbox identity provider keep.
 */
export const VERIFICATIONS_SCHEMA = [
  // Orders paid through DefaultVerificationPayments (until the money area's OrderService serves the port).
  `CREATE SEQUENCE IF NOT EXISTS verification_invoice_seq START 100001`,
  `CREATE TABLE IF NOT EXISTS verification_charges (
    idempotency_key text PRIMARY KEY,
    company_id text NOT NULL,
    username text NOT NULL,
    method text NOT NULL,
    invoice_id text,
    currency text NOT NULL,
    net_minor bigint NOT NULL DEFAULT 0,
    vat_minor bigint NOT NULL DEFAULT 0,
    charged_minor bigint NOT NULL DEFAULT 0,
    credits integer NOT NULL DEFAULT 0,
    payments jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX IF NOT EXISTS verification_charges_company_idx ON verification_charges (company_id, created_at DESC)`,
  // Credits of token payers: grants (positive) and spends (negative); the balance is the sum.
  `CREATE TABLE IF NOT EXISTS verification_credit_ledger (
    key text PRIMARY KEY,
    company_id text NOT NULL,
    delta integer NOT NULL,
    reason text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX IF NOT EXISTS verification_credit_ledger_company_idx ON verification_credit_ledger (company_id)`,
  // Applicants created in the sandbox identity provider.
  `CREATE TABLE IF NOT EXISTS verification_identity_sandbox (
    applicant_id text PRIMARY KEY,
    firstname text NOT NULL,
    lastname text NOT NULL,
    dob text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
];
