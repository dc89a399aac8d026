import { ListQueryDto } from '../../../common/http/list-query';
import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Pool } from 'pg';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { CreateNewsDto, UpdateNewsDto } from './news.dto';
import { contains, filterAs, listRows, oneRow, type SqlResource } from '../../../common/http/simple-rest';
import { staffActor } from '../shared/staff-actor';

const PUBLISHED = `(a.published_at IS NOT NULL AND a.published_at <= now())`;

export const newsResource: SqlResource<'createdAt' | 'publishedAt' | 'title' | 'type'> = {
  resource: 'news',
  from: 'news_alerts a',
  id: 'a.id',
  select: `a.id::int AS id, a.type, a.title, a.message, a.link, a.published_at AS "publishedAt", ${PUBLISHED} AS published,
    a.created_at AS "createdAt", a.created_by AS "createdBy"`,
  sortable: { createdAt: 'a.created_at', publishedAt: 'a.published_at', title: 'lower(a.title)', type: 'a.type' },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    q: (v, bind) => {
      const p = bind(contains(filterAs.text('q', v)));
      return `(a.title ILIKE ${p} OR a.message ILIKE ${p})`;
    },
    type: (v, bind) => `a.type = ANY(${bind(filterAs.list(v))})`,
    published: (v, bind) => `${PUBLISHED} = ${bind(filterAs.boolean('published', v))}`,
  },
};

/** The news and maintenance-alerts feed of the portal's home page (GET /v1/news/alerts). */
@ApiTags('admin')
@StaffOnly()
@Controller('admin/news')
export class AdminNewsController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly audit: AuditService,
  ) {}

  @Get()
  list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    return listRows(this.pool, newsResource, query, res);
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return oneRow(this.pool, newsResource, id, 'News item');
  }

  @Post()
  async create(@Body() body: CreateNewsDto, @CurrentPrincipal() staff: Principal) {
    const { published, ...rest } = body;
    const n = { ...rest, link: rest.link ?? null, publishedAt: rest.publishedAt ?? null };
    const publishedAt = published === true ? new Date().toISOString() : published === false ? null : n.publishedAt;
    const { rows } = await this.pool.query<{ id: string }>(
      `INSERT INTO news_alerts (type, title, message, link, published_at, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [n.type, n.title, n.message, n.link, publishedAt, staff.username],
    );
    const id = String(rows[0].id);
    await this.audit.record('NewsCreated', { newsId: id, ...n, publishedAt }, staffActor(staff));
    return oneRow(this.pool, newsResource, id, 'News item');
  }

  @Put(':id')
  async update(@Param('id') id: string, @Body() body: UpdateNewsDto, @CurrentPrincipal() staff: Principal) {
    const before = await oneRow(this.pool, newsResource, id, 'News item');
    const { published, ...n } = body;
    const changes: Record<string, unknown> = {};
    for (const k of ['type', 'title', 'message', 'link'] as const) if (n[k] !== undefined && n[k] !== before[k]) changes[k] = n[k];
    const beforeAt = before.publishedAt ? new Date(before.publishedAt as string).toISOString() : null;
    const askedAt = n.publishedAt === undefined ? undefined : n.publishedAt && new Date(n.publishedAt).toISOString();
    if (askedAt !== undefined && askedAt !== beforeAt) changes.publishedAt = askedAt;
    else if (published !== undefined && published !== before.published) changes.publishedAt = published ? new Date().toISOString() : null;
    const columns: Record<string, string> = { type: 'type', title: 'title', message: 'message', link: 'link', publishedAt: 'published_at' };
    const keys = Object.keys(changes);
    if (keys.length) {
      await this.pool.query(`UPDATE news_alerts SET ${keys.map((k, i) => `${columns[k]} = $${i + 2}`).join(', ')} WHERE id::text = $1`, [
        id,
        ...keys.map((k) => changes[k]),
      ]);
      const type =
        keys.length === 1 && keys[0] === 'publishedAt' ? (changes.publishedAt ? 'NewsPublished' : 'NewsUnpublished') : 'NewsUpdated';
      await this.audit.record(type, { newsId: id, changes }, staffActor(staff));
    }
    return oneRow(this.pool, newsResource, id, 'News item');
  }

  @Delete(':id')
  async remove(@Param('id') id: string, @CurrentPrincipal() staff: Principal) {
    const before = await oneRow(this.pool, newsResource, id, 'News item');
    await this.pool.query(`DELETE FROM news_alerts WHERE id::text = $1`, [id]);
    await this.audit.record('NewsDeleted', { newsId: id, title: before.title }, staffActor(staff));
    return before;
  }
}
