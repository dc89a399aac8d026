import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { ListQuery } from '../../common/http/list-query';
import {
  contains,
  filterAs,
  oneRow,
  sqlPage,
  type Page,
  type SqlResource,
} from '../../common/http/simple-rest';
import { PG_POOL } from '../database/database.tokens';

export type MailSort = 'createdAt' | 'to' | 'subject' | 'template';

/** The outbox as the console's `mails` resource. */
export const mailsResource: SqlResource<MailSort> = {
  resource: 'mails',
  from: 'mail_outbox m',
  id: 'm.id',
  select: `m.id, m."to", m.subject, m.text, m.html, m.template, m.created_at AS "createdAt", m.sent_at AS "sentAt", m.error`,
  sortable: { createdAt: 'm.created_at', to: 'm."to"', subject: 'm.subject', template: 'm.template' },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    to: (v, bind) => `m."to" = ${bind(filterAs.text('to', v).toLowerCase())}`,
    template: (v, bind) => `m.template = ${bind(filterAs.text('template', v))}`,
    q: (v, bind) => {
      const p = bind(contains(filterAs.text('q', v)));
      return `(m."to" ILIKE ${p} OR m.subject ILIKE ${p})`;
    },
  },
};

/** GET /admin/mails: one page of the outbox. */
export class ListMailsForStaff {
  constructor(readonly query: ListQuery<MailSort>) {}
}

/** GET /admin/mails/{id}. */
export class GetMailForStaff {
  constructor(readonly id: string) {}
}

@QueryHandler(ListMailsForStaff)
export class ListMailsForStaffHandler implements IQueryHandler<ListMailsForStaff> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  execute({ query }: ListMailsForStaff): Promise<Page<Record<string, unknown>>> {
    return sqlPage(this.pool, mailsResource, query);
  }
}

@QueryHandler(GetMailForStaff)
export class GetMailForStaffHandler implements IQueryHandler<GetMailForStaff> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  execute({ id }: GetMailForStaff): Promise<Record<string, unknown>> {
    return oneRow(this.pool, mailsResource, id, 'Mail');
  }
}

export const MAIL_QUERY_HANDLERS = [ListMailsForStaffHandler, GetMailForStaffHandler];
