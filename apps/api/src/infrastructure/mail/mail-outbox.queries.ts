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
import { DomainError } from '@credence/domain';
import type { AppConfig } from '../../config/config.schema';
import { APP_CONFIG } from '../../config/config.tokens';
import { PG_POOL } from '../database/database.tokens';

export type MailSort = 'createdAt' | 'to' | 'subject' | 'template';

/** Where a mail stands: delivered by SMTP; failed (the error of its last attempt; it may be retried); waiting for its
 *  delivery; or kept in the outbox only (no SMTP_URL: the embedded default sends nothing). */
export type MailDelivery = 'delivered' | 'failed' | 'waiting' | 'outbox';

/** The `delivery` filter's conditions. */
const DELIVERY_FILTERS: Record<string, string> = {
  delivered: 'm.sent_at IS NOT NULL',
  undelivered: 'm.sent_at IS NULL',
  failed: 'm.sent_at IS NULL AND m.error IS NOT NULL',
};

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
    delivery: (v) => {
      const condition = DELIVERY_FILTERS[filterAs.text('delivery', v)];
      if (!condition) {
        throw new DomainError(
          'invalid',
          `The filter 'delivery' must be one of ${Object.keys(DELIVERY_FILTERS).join(', ')}.`,
        );
      }
      return condition;
    },
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

/** A mail row with where its delivery stands. */
function withDelivery(row: Record<string, unknown>, smtp: boolean): Record<string, unknown> {
  const delivery: MailDelivery = row.sentAt
    ? 'delivered'
    : row.error
      ? 'failed'
      : smtp
        ? 'waiting'
        : 'outbox';
  return { ...row, delivery };
}

@QueryHandler(ListMailsForStaff)
export class ListMailsForStaffHandler implements IQueryHandler<ListMailsForStaff> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ query }: ListMailsForStaff): Promise<Page<Record<string, unknown>>> {
    const page = await sqlPage(this.pool, mailsResource, query);
    const smtp = this.config.mail.kind === 'smtp';
    return { ...page, rows: page.rows.map((row) => withDelivery(row, smtp)) };
  }
}

@QueryHandler(GetMailForStaff)
export class GetMailForStaffHandler implements IQueryHandler<GetMailForStaff> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ id }: GetMailForStaff): Promise<Record<string, unknown>> {
    return withDelivery(await oneRow(this.pool, mailsResource, id, 'Mail'), this.config.mail.kind === 'smtp');
  }
}

export const MAIL_QUERY_HANDLERS = [ListMailsForStaffHandler, GetMailForStaffHandler];
