import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Principal } from '../../../common/auth/principal';
import { oneRow } from '../../../common/http/simple-rest';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { staffActor } from '../shared/staff-actor';
import type { CreateNewsDto, UpdateNewsDto } from './news.dto';
import { newsResource } from './news.resource';

/** Staff writes to the news and maintenance alerts, each recorded on the audit stream. */
@Injectable()
export class AdminNewsService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly audit: AuditService,
  ) {}

  /** The new item's id. */
  async create(body: CreateNewsDto, staff: Principal): Promise<string> {
    const { published, ...rest } = body;
    const n = { ...rest, link: rest.link ?? null, publishedAt: rest.publishedAt ?? null };
    const publishedAt =
      published === true ? new Date().toISOString() : published === false ? null : n.publishedAt;
    const { rows } = await this.pool.query<{ id: string }>(
      `INSERT INTO news_alerts (type, title, message, link, published_at, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [n.type, n.title, n.message, n.link, publishedAt, staff.username],
    );
    const id = String(rows[0].id);
    await this.audit.record('NewsCreated', { newsId: id, ...n, publishedAt }, staffActor(staff));
    return id;
  }

  async update(id: string, body: UpdateNewsDto, staff: Principal): Promise<void> {
    const before = await oneRow(this.pool, newsResource, id, 'News item');
    const { published, ...n } = body;
    const changes: Record<string, unknown> = {};
    for (const k of ['type', 'title', 'message', 'link'] as const)
      if (n[k] !== undefined && n[k] !== before[k]) changes[k] = n[k];
    const beforeAt = before.publishedAt ? new Date(before.publishedAt as string).toISOString() : null;
    const askedAt =
      n.publishedAt === undefined ? undefined : n.publishedAt && new Date(n.publishedAt).toISOString();
    if (askedAt !== undefined && askedAt !== beforeAt) changes.publishedAt = askedAt;
    else if (published !== undefined && published !== before.published)
      changes.publishedAt = published ? new Date().toISOString() : null;
    const columns: Record<string, string> = {
      type: 'type',
      title: 'title',
      message: 'message',
      link: 'link',
      publishedAt: 'published_at',
    };
    const keys = Object.keys(changes);
    if (!keys.length) return;
    await this.pool.query(
      `UPDATE news_alerts SET ${keys.map((k, i) => `${columns[k]} = $${i + 2}`).join(', ')} WHERE id::text = $1`,
      [id, ...keys.map((k) => changes[k])],
    );
    const type =
      keys.length === 1 && keys[0] === 'publishedAt'
        ? changes.publishedAt
          ? 'NewsPublished'
          : 'NewsUnpublished'
        : 'NewsUpdated';
    await this.audit.record(type, { newsId: id, changes }, staffActor(staff));
  }

  /** The item as it was before it was deleted. */
  async remove(id: string, staff: Principal): Promise<Record<string, unknown>> {
    const before = await oneRow(this.pool, newsResource, id, 'News item');
    await this.pool.query(`DELETE FROM news_alerts WHERE id::text = $1`, [id]);
    await this.audit.record('NewsDeleted', { newsId: id, title: before.title }, staffActor(staff));
    return before;
  }
}
