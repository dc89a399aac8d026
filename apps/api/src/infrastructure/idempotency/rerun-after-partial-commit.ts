import { SetMetadata } from '@nestjs/common';

export const RERUN_AFTER_PARTIAL_COMMIT = 'idempotency:rerun-after-partial-commit';

/** Given the streams an unanswered attempt committed events to, whether running the request again is safe. */
export type RerunPolicy = (committedStreams: readonly string[]) => boolean;

/**
 * A keyed route whose handler finishes what an attempt that died half way committed, when run again with the same
 * key (its ids and its order key derive from the key's correlation id): a retry then runs it again instead of
 * answering 409 'answer lost', as long as `safe` says so for the streams that attempt had written to.
 */
export const RerunAfterPartialCommit = (safe: RerunPolicy) => SetMetadata(RERUN_AFTER_PARTIAL_COMMIT, safe);
