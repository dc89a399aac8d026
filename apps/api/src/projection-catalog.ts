import { applicationProjectionDefinitions } from './modules/applications';
import { insightsProjectionDefinitions } from './modules/insights';
import { moneyProjectionDefinitions } from './modules/money';
import { verificationProjectionDefinitions } from './modules/verifications';
import { shareProjectionDefinitions } from './modules/sharing';
import { referralProjectionDefinitions } from './modules/referrals';
import type { ProjectionDefinition } from './infrastructure/projections/projection-definition';
import { streamStatsDefinition } from './infrastructure/projections/stream-stats.table';

/**
 * Every read model the API maintains, composed here (beside AppModule) from each module's public face, so the
 * infrastructure that runs them imports no module. AppModule hands it to ProjectionsModule; the rebuild command
 * (`npm run projections:rebuild`) finds them here by name.
 */
export const projectionCatalog: ProjectionDefinition[] = [
  streamStatsDefinition,
  ...moneyProjectionDefinitions,
  ...verificationProjectionDefinitions,
  ...applicationProjectionDefinitions,
  ...shareProjectionDefinitions,
  ...insightsProjectionDefinitions,
  ...referralProjectionDefinitions,
];
