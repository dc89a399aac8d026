import { Global, Module, OnModuleInit } from '@nestjs/common';
import { ProjectionsService } from './projections.service';
import { streamStatsDefinition } from './stream-stats.table';

@Global()
@Module({ providers: [ProjectionsService], exports: [ProjectionsService] })
export class ProjectionsModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionsService) {}

  onModuleInit() {
    this.projections.register(streamStatsDefinition);
  }
}
