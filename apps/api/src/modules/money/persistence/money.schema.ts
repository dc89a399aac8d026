/**
 * The money area's ordinary tables. Ledgers are events; these only make numbering and the sandbox provider work:
 * - invoice numbers: a gap-free-ish sequence, allocated once per command so a retried command gets the same one;
 * - the sandbox card provider's own record of charges (what a real provider keeps on its side).
 */
export const MONEY_SCHEMA = [
  `CREATE SEQUENCE IF NOT EXISTS money_invoice_number_seq START 100001`,
  `CREATE TABLE IF NOT EXISTS money_invoice_numbers (
    command_key text PRIMARY KEY,
    invoice_id text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS money_sandbox_transactions (
    id text PRIMARY KEY,
    idempotency_key text NOT NULL UNIQUE,
    customer_id text NOT NULL,
    email text NOT NULL,
    amount_minor bigint NOT NULL,
    currency text NOT NULL,
    nonce text NOT NULL,
    status text NOT NULL,
    code text,
    message text,
    receipt_id text,
    save_card boolean NOT NULL DEFAULT false,
    voided_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  // Refunds the sandbox provider made, one per idempotency key (a provider's own record, like the charges).
  `CREATE TABLE IF NOT EXISTS money_sandbox_refunds (
    id text PRIMARY KEY,
    idempotency_key text NOT NULL UNIQUE,
    transaction_id text NOT NULL,
    amount_minor bigint NOT NULL,
    status text NOT NULL,
    code text,
    message text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  // Credit holds of orders still open, so a sweeper can release one a crash left between hold and capture.
  `CREATE TABLE IF NOT EXISTS money_open_holds (
    reservation_id text PRIMARY KEY,
    company_id text NOT NULL,
    actor text NOT NULL,
    held_at timestamptz NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS money_sandbox_transactions_customer_idx ON money_sandbox_transactions (customer_id, created_at DESC)`,
];
