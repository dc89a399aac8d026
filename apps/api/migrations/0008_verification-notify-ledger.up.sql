-- The progress mails of each verification event that mails someone, from the moment VerificationJobsReactor
-- enqueues its 'verification.notify' job (enqueued_at) to the moment that job has written its mails (done_at).
-- VerificationNotifySweeper enqueues again the jobs of rows still open after STUCK_WORK_AGE_MS: a queue that lost
-- the job twice (live, then at the reactor's second run) no longer loses the mail. The partial index stays as small
-- as the jobs not done yet.
CREATE TABLE IF NOT EXISTS verification_notify_ledger (
  event_id text PRIMARY KEY,
  verification_id text NOT NULL,
  enqueued_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz
);
CREATE INDEX IF NOT EXISTS verification_notify_ledger_open_idx
  ON verification_notify_ledger (enqueued_at, event_id) WHERE done_at IS NULL;
