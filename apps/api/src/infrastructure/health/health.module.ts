import { Global, Module } from '@nestjs/common';
import { HealthRegistry } from './health.registry';

@Global()
@Module({ providers: [HealthRegistry], exports: [HealthRegistry] })
export class HealthInfraModule {}
