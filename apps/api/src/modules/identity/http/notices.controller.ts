import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Pool } from 'pg';
import { newsImagePathSql } from '../../../common/http/news-image-address';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';

/** access.md 7.3: dashboard notices and the news/maintenance feed shown in the shell. */
@ApiTags('notices')
@Controller()
export class NoticesController {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  @Get('notice')
  async notices(
    @Query('page') page = '0',
    @Query('size') size = '200',
    @Query('scope') scope?: string,
    @Query('type') type?: string,
    @Query('instituteId') instituteId?: string,
    @Query('regionId') regionId?: string,
  ) {
    const limit = Math.min(Math.max(Number(size) || 200, 1), 500);
    const offset = Math.max(Number(page) || 0, 0) * limit;
    const where = ['published'];
    const values: unknown[] = [];
    if (scope) where.push(`scope = $${values.push(scope)}`);
    if (type) where.push(`type = $${values.push(type)}`);
    if (instituteId) where.push(`(institute_id IS NULL OR institute_id = $${values.push(instituteId)})`);
    if (regionId) where.push(`(region_id IS NULL OR region_id = $${values.push(regionId)})`);
    const clause = where.join(' AND ');
    const total = Number((await this.pool.query(`SELECT count(*) FROM notices WHERE ${clause}`, values)).rows[0].count);
    const { rows } = await this.pool.query(
      `SELECT id, message, scope, type FROM notices WHERE ${clause} ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
      values,
    );
    return { content: rows, totalSize: total };
  }

  @Get('news/alerts')
  async alerts(@Query('newsTypes') newsTypes?: string | string[]) {
    const types = (Array.isArray(newsTypes) ? newsTypes : newsTypes ? [newsTypes] : ['ALERT_MAINTENANCE', 'NEWS']).filter((t) =>
      ['ALERT_MAINTENANCE', 'NEWS'].includes(t),
    );
    const { rows } = await this.pool.query(
      `SELECT n.id, n.type, n.title, n.message, n.link, n.published_at AS "publishedAt", ${newsImagePathSql('n')} AS image
         FROM news_alerts n
        WHERE published_at IS NOT NULL AND published_at <= now() AND type = ANY($1) ORDER BY published_at DESC LIMIT 50`,
      [types],
    );
    return rows;
  }
}
