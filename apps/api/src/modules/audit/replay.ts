import {
  DomainError,
  evolveVerification,
  initialVerificationState,
  isVerificationEvent,
  type VerificationState,
} from '@credence/domain';
import type { ReplayedEventView, StateChangeView, VerificationReplayView } from '@credence/api-contract';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';

/** Where to stop: a stream revision (inclusive) or an instant (every event the store had recorded by then). */
export type ReplayPoint = { revision: number } | { instant: Date } | { latest: true };

/** `?at=` as given: a revision (digits) or an ISO-8601 instant; anything else is a 400 with the reason. */
export function parseReplayPoint(at: unknown): ReplayPoint {
  if (at === undefined || at === '') return { latest: true };
  if (typeof at !== 'string') throw new DomainError('invalid', 'Give at once: a stream revision or an ISO-8601 instant.');
  if (/^\d{1,9}$/.test(at)) return { revision: Number(at) };
  const instant = new Date(at);
  if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(at) || Number.isNaN(instant.getTime())) {
    throw new DomainError('invalid', `at must be a stream revision or an ISO-8601 instant, not "${at.slice(0, 40)}".`);
  }
  return { instant };
}

/** A replay before the route adds the verification's id. */
export type Replay = Omit<VerificationReplayView, 'id'>;

/**
 * Folds a verification's events up to a point with the domain's own evolve (the one the command handler decides on),
 * so the replayed state is the state the system had, not a second reading of the events.
 */
export function replayVerification(stream: string, events: RecordedEvent[], point: ReplayPoint): Replay {
  const upTo = events.filter((e) =>
    'revision' in point ? Number(e.revision) <= point.revision : 'instant' in point ? e.recordedAt.getTime() <= point.instant.getTime() : true,
  );
  let before = initialVerificationState();
  let state = before;
  for (const e of upTo) {
    if (!isVerificationEvent(e)) continue;
    before = state;
    state = evolveVerification(state, e);
  }
  const last = upTo[upTo.length - 1];
  return {
    stream,
    lastRevision: events.length ? Number(events[events.length - 1].revision) : -1,
    revision: last ? Number(last.revision) : -1,
    recordedAt: last ? last.recordedAt.toISOString() : null,
    state: redact(state),
    changes: last ? diff(redact(before), redact(state)) : [],
    events: upTo.map(present),
  };
}

function present(e: RecordedEvent): ReplayedEventView {
  const m = e.metadata;
  return {
    revision: Number(e.revision),
    type: e.type,
    occurredAt: m.occurredAt,
    recordedAt: e.recordedAt.toISOString(),
    actor: m.actor,
    impersonator: m.impersonator ?? null,
    process: m.actor.startsWith('system:') ? m.actor.slice('system:'.length) : null,
    correlationId: m.correlationId,
    causationId: m.causationId,
    hash: e.hash ?? null,
    data: redactData(e.data),
  };
}

/** Field by field (top level of the state), what differs. */
export function diff(before: VerificationState, after: VerificationState): StateChangeView[] {
  const changes: StateChangeView[] = [];
  for (const field of Object.keys(after) as (keyof VerificationState)[]) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
      changes.push({ field, before: before[field] ?? null, after: after[field] ?? null });
    }
  }
  return changes;
}

/** The resolve link's key hash is shortened, as on the staff timeline: enough to compare, not to use. */
const shorten = (hash: string | null) => (hash ? `${hash.slice(0, 8)}…` : hash);
const redact = (s: VerificationState): VerificationState => ({ ...s, resolveKeyHash: shorten(s.resolveKeyHash) });
function redactData(data: unknown): unknown {
  if (data && typeof data === 'object' && 'resolveKeyHash' in data) {
    const d = data as Record<string, unknown>;
    return { ...d, resolveKeyHash: shorten(String(d.resolveKeyHash)) };
  }
  return data;
}
