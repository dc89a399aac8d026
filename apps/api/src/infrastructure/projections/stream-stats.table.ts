import { streamStatsProjection } from '@credence/read-models';
import type { ProjectionDefinition } from './projection-definition';

export const streamStatsDefinition: ProjectionDefinition = {
  projection: streamStatsProjection,
  table: {
    name: 'rm_stream_stats',
    columns: {
      category: 'text NOT NULL',
      eventCount: 'integer NOT NULL',
      lastType: 'text NOT NULL',
      lastRevision: 'text NOT NULL',
      lastOccurredAt: 'text NOT NULL',
      tenantId: 'text',
    },
    indexes: [['category', 'lastOccurredAt DESC'], ['tenantId']],
  },
};
