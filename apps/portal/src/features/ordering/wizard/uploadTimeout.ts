import { ApiError } from '@/shared/api/client';
import { REQUEST_TIMEOUT_MS } from '@/shared/config';

/**
 * Whether a failed call carrying documents ran into the 5-minute request timeout (verifications 8, 9): no answer
 * came back (status 0) and the call had been waiting for the whole timeout. A refused or dropped connection that
 * fails early is not a timeout.
 */
export function isUploadTimeout(error: unknown, startedAt: number, now: number = Date.now()): boolean {
  return error instanceof ApiError && error.status === 0 && !error.sessionEnded && now - startedAt >= REQUEST_TIMEOUT_MS - 1_000;
}
