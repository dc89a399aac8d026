DROP TABLE idempotency_keys;
DROP TABLE money_open_holds;
DROP TABLE money_sandbox_refunds;
