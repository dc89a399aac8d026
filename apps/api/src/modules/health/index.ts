// The health area's public face: its controller, mounted by AppModule.
export { HealthController } from './health.controller';
