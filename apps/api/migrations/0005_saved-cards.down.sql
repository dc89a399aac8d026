ALTER TABLE money_sandbox_transactions DROP COLUMN IF EXISTS payment_method_token;
DROP TABLE IF EXISTS money_sandbox_vault_nonces;
DROP TABLE IF EXISTS money_sandbox_vault;
