import type { Projection, Row } from '../projection';

/** One row per stream: how many events it has and what happened last. Feeds the console's stream browser. */
export interface StreamStatsRow extends Row {
  id: string;
  category: string;
  eventCount: number;
  lastType: string;
  lastRevision: string;
  lastOccurredAt: string;
  tenantId: string | null;
}

export const streamStatsProjection: Projection<StreamStatsRow> = {
  name: 'stream-stats',
  version: 1,
  handles: ['*'],
  rowIds: (event) => [event.streamName],
  evolve: (row, event, id) => ({
    id,
    category: id.includes('-') ? id.slice(0, id.indexOf('-')) : id,
    eventCount: (row?.eventCount ?? 0) + 1,
    lastType: event.type,
    lastRevision: event.revision.toString(),
    lastOccurredAt: event.metadata.occurredAt,
    tenantId: event.metadata.tenantId ?? row?.tenantId ?? null,
  }),
};
