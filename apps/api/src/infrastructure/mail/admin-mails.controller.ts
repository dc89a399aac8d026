import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Pool } from 'pg';
import { StaffOnly } from '../../common/auth/roles.decorator';
import { ListQueryDto } from '../../common/http/list-query';
import { contains, filterAs, listRows, oneRow, type SqlResource } from '../../common/http/simple-rest';
import { PG_POOL } from '../database/database.tokens';

const mailsResource: SqlResource<'createdAt' | 'to' | 'subject' | 'template'> = {
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

/** The outbox as the simple-rest resource `mails`, for staff (the console and the browser journeys). */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/mails')
export class AdminMailsController {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listRows(this.pool, mailsResource, query, res);
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return oneRow(this.pool, mailsResource, id, 'Mail');
  }
}
