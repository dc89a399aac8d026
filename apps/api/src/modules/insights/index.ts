// The insights module's public face: its read-model definitions (for the projection catalog).
export { insightsProjectionDefinitions } from './projections/analytics.table';
