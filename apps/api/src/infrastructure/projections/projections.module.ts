import { DynamicModule, Global, Inject, Module, OnModuleInit } from '@nestjs/common';
import type { ProjectionDefinition } from './projection-definition';
import { ProjectionsService } from './projections.service';

const PROJECTION_CATALOG = Symbol('PROJECTION_CATALOG');

/** Runs the read models it is given (the app's catalog, src/projection-catalog.ts); modules add reactors at init. */
@Global()
@Module({})
export class ProjectionsModule implements OnModuleInit {
  static forRoot(catalog: ProjectionDefinition[]): DynamicModule {
    return {
      module: ProjectionsModule,
      providers: [ProjectionsService, { provide: PROJECTION_CATALOG, useValue: catalog }],
      exports: [ProjectionsService],
    };
  }

  constructor(
    private readonly projections: ProjectionsService,
    @Inject(PROJECTION_CATALOG) private readonly catalog: ProjectionDefinition[],
  ) {}

  onModuleInit() {
    for (const definition of this.catalog) this.projections.register(definition);
  }
}
