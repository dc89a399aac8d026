import { filterAs, type MemoryResource } from '../../../common/http/simple-rest';
import type { RecordedEvent } from '../../../infrastructure/event-store/event-store.port';

/** One event of a stream as the console's timeline shows it: type, time, actor, impersonator and data. */
export interface AuditEventRow {
  /** `<stream>@<revision>`: unique across streams, and enough to read the event again. */
  id: string;
  stream: string;
  revision: number;
  type: string;
  time: string;
  actor: string | null;
  impersonator: string | null;
  correlationId: string | null;
  data: unknown;
}

export const auditEventRow = (e: RecordedEvent): AuditEventRow => ({
  id: `${e.streamName}@${e.revision}`,
  stream: e.streamName,
  revision: Number(e.revision),
  type: e.type,
  time: e.metadata?.occurredAt ?? e.recordedAt.toISOString(),
  actor: e.metadata?.actor ?? null,
  impersonator: e.metadata?.impersonator ?? null,
  correlationId: e.metadata?.correlationId ?? null,
  data: e.data,
});

/** Stream names the console may ask for: letters, digits and - _ . : (what the areas' stream names are made of). */
export const STREAM_NAME = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/;

/** `audit-acme@3` -> { stream: 'audit-acme', revision: 3n }. */
export function parseEventId(id: string): { stream: string; revision: bigint } | null {
  const at = id.lastIndexOf('@');
  if (at <= 0) return null;
  const stream = id.slice(0, at);
  const revision = id.slice(at + 1);
  if (!STREAM_NAME.test(stream) || !/^\d{1,18}$/.test(revision)) return null;
  return { stream, revision: BigInt(revision) };
}

export type AuditEventSort = 'time' | 'revision' | 'type' | 'actor';

/** The console's `audit-events` resource: the events of one stream, filtered and sorted in memory. */
export const auditEventsResource: MemoryResource<AuditEventRow, AuditEventSort> = {
  resource: 'audit-events',
  sortable: { time: (r) => r.time, revision: (r) => r.revision, type: (r) => r.type, actor: (r) => r.actor },
  defaultSort: ['revision', 'DESC'],
  filters: {
    // Read before listing (it chooses the stream); every row of the stream matches it.
    stream: () => true,
    type: (r, v) => filterAs.list(v).includes(r.type),
    actor: (r, v) => (r.actor ?? '').toLowerCase().includes(filterAs.text('actor', v).toLowerCase()),
    impersonated: (r, v) => (r.impersonator !== null) === filterAs.boolean('impersonated', v),
  },
};
