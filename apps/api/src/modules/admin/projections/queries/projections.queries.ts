import { DomainError } from '@credence/domain';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListQuery } from '../../../../common/http/list-query';
import { filterAs, memoryPage, type MemoryResource, type Page } from '../../../../common/http/simple-rest';
import { ProjectionsService } from '../../../../infrastructure/projections/projections.service';
import { projectionRows, type ProjectionRow } from '../projection-rows';

export type ProjectionSort = 'name' | 'lagMs' | 'state' | 'eventsProcessed' | 'updatedAt';

/** The console's `projections` resource: every registered read model's state, filtered and sorted in memory. */
export const projectionsResource: MemoryResource<ProjectionRow, ProjectionSort> = {
  resource: 'projections',
  sortable: {
    name: (r) => r.name,
    lagMs: (r) => r.lagMs,
    state: (r) => r.state,
    eventsProcessed: (r) => r.eventsProcessed,
    updatedAt: (r) => r.updatedAt,
  },
  defaultSort: ['name', 'ASC'],
  filters: {
    q: (r, v) => r.name.includes(filterAs.text('q', v)),
    state: (r, v) => filterAs.list(v).includes(r.state),
    healthy: (r, v) => r.healthy === filterAs.boolean('healthy', v),
  },
};

/** GET /admin/projections: one page of the read models' states. */
export class ListProjections {
  constructor(readonly query: ListQuery<ProjectionSort>) {}
}

/** GET /admin/projections/{name} (and the state after a rebuild is asked for). */
export class GetProjection {
  constructor(readonly name: string) {}
}

/** The projections' checkpoints and states, as the runner records them. */
async function rows(projections: ProjectionsService): Promise<ProjectionRow[]> {
  return projectionRows(
    await projections.status(),
    projections.list().map((d) => d.projection.name),
  );
}

@QueryHandler(ListProjections)
export class ListProjectionsHandler implements IQueryHandler<ListProjections> {
  constructor(private readonly projections: ProjectionsService) {}

  async execute({ query }: ListProjections): Promise<Page<ProjectionRow>> {
    return memoryPage(await rows(this.projections), projectionsResource, query);
  }
}

@QueryHandler(GetProjection)
export class GetProjectionHandler implements IQueryHandler<GetProjection> {
  constructor(private readonly projections: ProjectionsService) {}

  async execute({ name }: GetProjection): Promise<ProjectionRow> {
    const row = (await rows(this.projections)).find((r) => r.name === name);
    if (!row) throw new DomainError('not-found', 'Projection not found.');
    return row;
  }
}

export const PROJECTION_QUERY_HANDLERS = [ListProjectionsHandler, GetProjectionHandler];
