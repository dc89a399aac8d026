// The applications module's public face: what other modules may import.
export { applicationProjectionDefinitions } from './core/application-tables';
export { ApplicationGateway } from './core/application-gateway';
