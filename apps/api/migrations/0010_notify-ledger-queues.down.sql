-- Back to 0008's verification-only ledger: the rows of the other queues go (their sweep goes with this release).
DELETE FROM notify_ledger WHERE queue <> 'verification.notify';
DROP INDEX IF EXISTS notify_ledger_open_idx;
ALTER TABLE notify_ledger DROP COLUMN queue;
ALTER TABLE notify_ledger RENAME COLUMN subject_id TO verification_id;
ALTER TABLE notify_ledger RENAME CONSTRAINT notify_ledger_pkey TO verification_notify_ledger_pkey;
ALTER TABLE notify_ledger RENAME TO verification_notify_ledger;
CREATE INDEX IF NOT EXISTS verification_notify_ledger_open_idx
  ON verification_notify_ledger (enqueued_at, event_id) WHERE done_at IS NULL;
