import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { oneRow, sqlPage, type Page } from '../../../../common/http/simple-rest';
import { PG_POOL } from '../../../../infrastructure/database/database.tokens';
import { noticesResource } from '../notices.resource';
import { GetNoticeForStaff, ListNoticesForStaff } from './notices.queries';

/** The notices table (content staff write, not event-sourced), read as it is. */
@QueryHandler(ListNoticesForStaff)
export class ListNoticesForStaffHandler implements IQueryHandler<ListNoticesForStaff> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  execute({ query }: ListNoticesForStaff): Promise<Page<Record<string, unknown>>> {
    return sqlPage(this.pool, noticesResource, query);
  }
}

@QueryHandler(GetNoticeForStaff)
export class GetNoticeForStaffHandler implements IQueryHandler<GetNoticeForStaff> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  execute({ id }: GetNoticeForStaff): Promise<Record<string, unknown>> {
    return oneRow(this.pool, noticesResource, id, 'Notice');
  }
}

export const NOTICE_QUERY_HANDLERS = [ListNoticesForStaffHandler, GetNoticeForStaffHandler];
