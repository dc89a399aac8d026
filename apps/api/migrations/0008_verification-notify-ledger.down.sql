DROP TABLE IF EXISTS verification_notify_ledger;
