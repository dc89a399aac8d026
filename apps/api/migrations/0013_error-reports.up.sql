-- Error reporting with session replay (access 9: 'session replay on 10% of sessions and on 100% of sessions with an
-- error'): the portal reports its uncaught errors, and sends a recording of the session, through the debug recordings
-- of 0012, for a sample of sessions and for every session that hit an error. Why each recording was made is kept
-- with it; reports are kept 14 days, as the recordings are.
ALTER TABLE debug_recordings ADD COLUMN IF NOT EXISTS reason text NOT NULL DEFAULT 'debug'
  CONSTRAINT debug_recordings_reason_check CHECK (reason IN ('debug', 'sampled', 'error'));
-- recording_id is not a foreign key: the recording's first chunk may arrive after the report, or never.
CREATE TABLE IF NOT EXISTS error_reports (
  id uuid PRIMARY KEY,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  source text NOT NULL CHECK (source IN ('error', 'unhandledrejection', 'render', 'caught')),
  message text NOT NULL,
  stack text,
  path text NOT NULL,
  app_version text,
  user_agent text,
  username text,
  recording_id text
);
CREATE INDEX IF NOT EXISTS error_reports_occurred_at_idx ON error_reports (occurred_at);
