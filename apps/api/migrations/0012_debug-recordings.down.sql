DROP TABLE IF EXISTS debug_recording_chunks;
DROP TABLE IF EXISTS debug_recordings;
