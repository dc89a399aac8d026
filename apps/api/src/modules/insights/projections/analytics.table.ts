import { analyticsProjection } from '@credence/read-models';
import type { ProjectionDefinition } from '../../../infrastructure/projections/projection-definition';

export const ANALYTICS_TABLE = 'rm_analytics';

/**
 * Counters and per-verification rows of the analytics read model (libs/read-models/src/analytics). The first index
 * serves every chart (a company's dimension over a range of periods, a few hundred rows); the second the Applications
 * view (a template's verifications); the third the global per-institute and per-country outcomes.
 */
export const analyticsDefinition: ProjectionDefinition = {
  projection: analyticsProjection,
  table: {
    name: ANALYTICS_TABLE,
    columns: {
      kind: 'text NOT NULL',
      companyId: 'text NOT NULL',
      scope: 'text NOT NULL',
      grain: 'text',
      period: 'date NOT NULL',
      dim: 'text NOT NULL',
      key: 'text NOT NULL',
      count: 'bigint NOT NULL DEFAULT 0',
      amount: 'bigint NOT NULL DEFAULT 0',
      notVerified: 'integer NOT NULL DEFAULT 0',
      notAccredited: 'integer NOT NULL DEFAULT 0',
      applicationId: 'text',
      fact: 'jsonb',
    },
    indexes: [['companyId', 'dim', 'scope', 'grain', 'period', 'key'], ['applicationId'], ['dim', 'grain', 'period']],
  },
};

export const insightsProjectionDefinitions: ProjectionDefinition[] = [analyticsDefinition];
