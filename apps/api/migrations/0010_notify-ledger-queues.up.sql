-- The notify ledger of 0008 for every mail-writing queue: 'verification.notify', 'application.notify' and
-- 'share.notify'. Each reactor opens a row (its event, the queue, the stream's subject id) before it enqueues the
-- job; the job closes it once its mails are in the outbox; the queue's sweeper asks again for rows left open. Event
-- ids are unique across streams, so the event stays the key. The open rows of 0008 carry on as verification rows.
ALTER TABLE verification_notify_ledger RENAME TO notify_ledger;
ALTER TABLE notify_ledger RENAME CONSTRAINT verification_notify_ledger_pkey TO notify_ledger_pkey;
ALTER TABLE notify_ledger RENAME COLUMN verification_id TO subject_id;
ALTER TABLE notify_ledger ADD COLUMN queue text NOT NULL DEFAULT 'verification.notify';
ALTER TABLE notify_ledger ALTER COLUMN queue DROP DEFAULT;
DROP INDEX IF EXISTS verification_notify_ledger_open_idx;
CREATE INDEX IF NOT EXISTS notify_ledger_open_idx ON notify_ledger (queue, enqueued_at, event_id) WHERE done_at IS NULL;
