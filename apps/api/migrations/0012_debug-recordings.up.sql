-- Debug session recordings (access 2.3: 'the query flag logit=true turns on debug session recording'): what the
-- portal's recorder (rrweb) sends, chunk by chunk, for support to replay in the console. Kept 14 days.
CREATE TABLE IF NOT EXISTS debug_recordings (
  id text PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  last_at timestamptz NOT NULL DEFAULT now(),
  username text,
  user_agent text,
  app_version text,
  bytes bigint NOT NULL DEFAULT 0,
  chunks int NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS debug_recordings_last_at_idx ON debug_recordings (last_at);
CREATE TABLE IF NOT EXISTS debug_recording_chunks (
  recording_id text NOT NULL REFERENCES debug_recordings (id) ON DELETE CASCADE,
  seq int NOT NULL,
  events jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (recording_id, seq)
);
