DROP TABLE IF EXISTS error_reports;
ALTER TABLE debug_recordings DROP COLUMN IF EXISTS reason;
