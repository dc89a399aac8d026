import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { oneRow, sqlPage, type Page } from '../../../../common/http/simple-rest';
import { PG_POOL } from '../../../../infrastructure/database/database.tokens';
import { newsResource } from '../news.resource';
import { GetNewsItemForStaff, ListNewsForStaff } from './news.queries';

/** The news_alerts table (content staff write, not event-sourced), read as it is. */
@QueryHandler(ListNewsForStaff)
export class ListNewsForStaffHandler implements IQueryHandler<ListNewsForStaff> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  execute({ query }: ListNewsForStaff): Promise<Page<Record<string, unknown>>> {
    return sqlPage(this.pool, newsResource, query);
  }
}

@QueryHandler(GetNewsItemForStaff)
export class GetNewsItemForStaffHandler implements IQueryHandler<GetNewsItemForStaff> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  execute({ id }: GetNewsItemForStaff): Promise<Record<string, unknown>> {
    return oneRow(this.pool, newsResource, id, 'News item');
  }
}

export const NEWS_QUERY_HANDLERS = [ListNewsForStaffHandler, GetNewsItemForStaffHandler];
