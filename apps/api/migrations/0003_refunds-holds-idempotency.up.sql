-- Tables this release added while their modules still created tables at boot: the sandbox card provider's refunds,
-- credit holds of open orders (the hold sweeper's list) and the Idempotency-Key records. IF NOT EXISTS because a
-- development database may have them from that code already.
CREATE TABLE IF NOT EXISTS money_sandbox_refunds (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  transaction_id text NOT NULL,
  amount_minor bigint NOT NULL,
  status text NOT NULL,
  code text,
  message text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS money_open_holds (
  reservation_id text PRIMARY KEY,
  company_id text NOT NULL,
  actor text NOT NULL,
  held_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'done', 'failed')),
  lease_until timestamptz NOT NULL,
  status integer,
  headers jsonb,
  body bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
CREATE INDEX IF NOT EXISTS idempotency_keys_created_idx ON idempotency_keys (created_at);
