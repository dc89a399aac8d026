import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { oneRow, sqlPage, type Page } from '../../../../common/http/simple-rest';
import { PG_POOL } from '../../../../infrastructure/database/database.tokens';
import { usersResource } from '../users.resource';
import { GetUserForStaff, ListUsersForStaff } from './user.queries';

/** The users table with their companies: identity's own records (not event-sourced), read as they are. */
@QueryHandler(ListUsersForStaff)
export class ListUsersForStaffHandler implements IQueryHandler<ListUsersForStaff> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  execute({ query }: ListUsersForStaff): Promise<Page<Record<string, unknown>>> {
    return sqlPage(this.pool, usersResource, query);
  }
}

@QueryHandler(GetUserForStaff)
export class GetUserForStaffHandler implements IQueryHandler<GetUserForStaff> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  execute({ id }: GetUserForStaff): Promise<Record<string, unknown>> {
    return oneRow(this.pool, usersResource, id, 'User');
  }
}

export const USER_QUERY_HANDLERS = [ListUsersForStaffHandler, GetUserForStaffHandler];
