import { Global, Module } from '@nestjs/common';
import { SeedRegistry } from './seed.registry';

@Global()
@Module({ providers: [SeedRegistry], exports: [SeedRegistry] })
export class SeedingModule {}
