import { VERIFICATION_STREAM_PREFIX } from '@credence/domain';
import type { Projection, Row } from '../projection';
import { verificationIdOf } from './verification-list.projection';

/**
 * Every resolve-link key ever issued (by its SHA-256), to the verification it was issued for: a link that has
 * been used, or replaced by a newer one, still finds its request and answers 'Already Resolved' (204).
 */
export interface VerificationResolveKeyRow extends Row {
  id: string;
  verificationId: string;
  issuedAt: string;
}

export const verificationResolveKeysProjection: Projection<VerificationResolveKeyRow> = {
  name: 'verification-resolve-keys',
  version: 1,
  handles: ['SentForManualCheck'],
  rowIds: (event) =>
    event.streamName.startsWith(VERIFICATION_STREAM_PREFIX) ? [(event.data as { resolveKeyHash: string }).resolveKeyHash] : [],
  evolve: (row, event, id) => row ?? { id, verificationId: verificationIdOf(event.streamName), issuedAt: event.metadata.occurredAt },
};
