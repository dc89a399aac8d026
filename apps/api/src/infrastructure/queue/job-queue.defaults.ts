/** Defaults shared by both adapters, so a job behaves the same on PostgreSQL and on Redis. */
export const DEFAULT_ATTEMPTS = 5;
export const DEFAULT_BACKOFF_MS = 1000;
export const DEFAULT_FAILED_LIMIT = 100;

/**
 * How long a finished job (completed or failed) is kept. While it is kept, enqueueing its key again is a no-op,
 * so this is the idempotency window for re-delivered events; failed jobs also stay on the dead-letter list for
 * this long. Handlers are idempotent too (keyed by the event id), so a re-run after the window is harmless.
 */
export const KEEP_FINISHED_SECONDS = 7 * 24 * 60 * 60;

/** How long close() lets running handlers finish before giving up on them. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
