import type { VerificationState } from '@credence/domain';
import type { VerifyResult } from 'credence-verify';

/** An event of a replay (GET /admin/verifications/{id}/state): who did what, and when it happened and was recorded. */
export interface ReplayedEventView {
  revision: number;
  type: string;
  occurredAt: string;
  recordedAt: string;
  /** Who did it: a username, or system:<process> / public:<route>. */
  actor: string;
  /** The staff member who acted on the actor's behalf (impersonation). */
  impersonator: string | null;
  /** The process behind it: system:<name> for automatic steps, else null (a person acted). */
  process: string | null;
  correlationId: string;
  causationId: string;
  hash: string | null;
  data: unknown;
}

/** A field of the state that the event at the replay's revision changed. */
export interface StateChangeView {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * GET /admin/verifications/{id}/state?at=<revision or ISO instant>: the state folded with the domain's own evolve up
 * to that point, what its last event changed, and the events that built it (oldest first).
 */
export interface VerificationReplayView {
  id: string;
  stream: string;
  /** The stream's last revision (-1: empty). */
  lastRevision: number;
  /** The revision the state is at (-1: before the first event). */
  revision: number;
  /** When the store recorded that event. */
  recordedAt: string | null;
  /** The resolve link's key hash is shortened: enough to compare, not to use. */
  state: VerificationState;
  changes: StateChangeView[];
  events: ReplayedEventView[];
}

/**
 * GET /admin/verifications/{id}/verify: the stream as stored now, checked by the offline checker (credence-verify)
 * against the server's key, and that key's fingerprint.
 */
export type BundleCheckView = VerifyResult & { keyFingerprint: string };
