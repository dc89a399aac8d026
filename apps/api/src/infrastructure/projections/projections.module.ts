import { Global, Module, OnModuleInit } from '@nestjs/common';
import { ProjectionsService } from './projections.service';
import { projectionCatalog } from './projection-catalog';

@Global()
@Module({ providers: [ProjectionsService], exports: [ProjectionsService] })
export class ProjectionsModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionsService) {}

  onModuleInit() {
    for (const definition of projectionCatalog) this.projections.register(definition);
  }
}
