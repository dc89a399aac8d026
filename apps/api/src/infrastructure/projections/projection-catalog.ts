import type { ProjectionDefinition } from './projection-definition';
import { streamStatsDefinition } from './stream-stats.table';
import { applicationProjectionDefinitions } from '../../modules/applications/core/application-tables';
import { moneyProjectionDefinitions } from '../../modules/money/projections/money.tables';
import { verificationProjectionDefinitions } from '../../modules/verifications/projections/verification-tables';

/**
 * Every read model the API maintains. The API's ProjectionsModule runs them; the rebuild command
 * (`npm run projections:rebuild`) finds them here by name.
 */
export const projectionCatalog: ProjectionDefinition[] = [
  streamStatsDefinition,
  ...moneyProjectionDefinitions,
  ...verificationProjectionDefinitions,
  ...applicationProjectionDefinitions,
];
