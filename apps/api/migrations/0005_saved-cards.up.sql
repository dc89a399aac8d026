-- 'Save card for later' (money 2.9) in the embedded sandbox card provider: its customer vault, as the provider's test
-- mode keeps one. A vaulted card is its token, type, last 4 digits and expiry, per customer (the account's company):
-- never a card number or CVV. Nonces minted for a vaulted card (as the provider's paymentMethodNonce.create does) are
-- single use.
CREATE TABLE IF NOT EXISTS money_sandbox_vault (
  token text PRIMARY KEY,
  customer_id text NOT NULL,
  card_type text NOT NULL,
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  expiration_month text NOT NULL,
  expiration_year text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (customer_id, card_type, last4, expiration_month, expiration_year)
);
CREATE INDEX IF NOT EXISTS money_sandbox_vault_customer_idx ON money_sandbox_vault (customer_id, created_at);
CREATE TABLE IF NOT EXISTS money_sandbox_vault_nonces (
  nonce text PRIMARY KEY,
  token text NOT NULL REFERENCES money_sandbox_vault (token) ON DELETE CASCADE,
  customer_id text NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE money_sandbox_transactions ADD COLUMN IF NOT EXISTS payment_method_token text;
