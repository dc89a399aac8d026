import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DomainError } from '@credence/domain';
import type { Response } from 'express';
import type { Pool } from 'pg';
import { StaffOnly } from '../../common/auth/roles.decorator';
import { parseListQuery, setContentRange } from '../../common/http/simple-rest';
import { PG_POOL } from '../database/database.tokens';

const COLUMNS = `id, "to", subject, text, html, template, created_at AS "createdAt", sent_at AS "sentAt", error`;

/** The outbox as the simple-rest resource `mails`, for staff (the console and the browser journeys). */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/mails')
export class AdminMailsController {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  @Get()
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) res: Response) {
    const q = parseListQuery(query, { sortable: ['createdAt', 'to', 'subject', 'template'], filterable: ['to', 'template', 'id', 'q'], defaultSort: ['createdAt', 'DESC'] });
    const where: string[] = [];
    const values: unknown[] = [];
    const f = q.filter;
    if (f.to) where.push(`"to" = $${values.push(String(f.to).toLowerCase())}`);
    if (f.template) where.push(`template = $${values.push(String(f.template))}`);
    if (f.q) where.push(`("to" ILIKE $${values.push(`%${String(f.q)}%`)} OR subject ILIKE $${values.length})`);
    if (Array.isArray(f.id)) where.push(`id::text = ANY($${values.push(f.id.map(String))})`);
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const sortColumn = { createdAt: 'created_at', to: '"to"', subject: 'subject', template: 'template' }[q.sort.field] ?? 'created_at';
    const total = Number((await this.pool.query(`SELECT count(*) FROM mail_outbox ${clause}`, values)).rows[0].count);
    const { rows } = await this.pool.query(
      `SELECT ${COLUMNS} FROM mail_outbox ${clause} ORDER BY ${sortColumn} ${q.sort.order}, id LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, q.limit, q.offset],
    );
    setContentRange(res, 'mails', q, rows.length, total);
    return rows;
  }

  @Get(':id')
  async one(@Param('id') id: string) {
    const { rows } = await this.pool.query(`SELECT ${COLUMNS} FROM mail_outbox WHERE id::text = $1`, [id]);
    if (!rows[0]) throw new DomainError('not-found', 'Mail not found.');
    return rows[0];
  }
}
