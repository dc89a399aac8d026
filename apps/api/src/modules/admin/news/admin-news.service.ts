import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Principal } from '../../../common/auth/principal';
import { oneRow } from '../../../common/http/simple-rest';
import { AuditService } from '../../../infrastructure/audit/audit.service';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { BLOB_STORE, type BlobStore } from '../../verifications';
import { staffActor } from '../shared/staff-actor';
import { decodeNewsImage, newNewsImageKey } from './news-images';
import type { CreateNewsDto, UpdateNewsDto } from './news.dto';
import { newsResource } from './news.resource';

interface StoredImage {
  key: string;
  type: string;
}

/** Staff writes to the news and maintenance alerts, each recorded on the audit stream. */
@Injectable()
export class AdminNewsService {
  private readonly logger = new Logger('AdminNewsService');

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly audit: AuditService,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  /** Checks and stores a picture before any row changes, so a refused or failed one leaves the item as it was. */
  private async storeImage(data: string): Promise<StoredImage> {
    const { bytes, type } = decodeNewsImage(data);
    const key = newNewsImageKey();
    await this.blobs.put(key, bytes, type);
    return { key, type };
  }

  /** A picture nothing points at any more; failing to delete it loses nothing a user sees, so it is only logged. */
  private async dropImage(key: string | null | undefined): Promise<void> {
    if (!key) return;
    await this.blobs
      .delete(key)
      .catch((e: unknown) => this.logger.warn(`news picture ${key} not deleted: ${String(e)}`));
  }

  private async imageKeyOf(id: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ key: string | null }>(
      `SELECT image_key AS key FROM news_alerts WHERE id::text = $1`,
      [id],
    );
    return rows[0]?.key ?? null;
  }

  /** The new item's id. */
  async create(body: CreateNewsDto, staff: Principal): Promise<string> {
    const { published, image, ...rest } = body;
    const n = { ...rest, link: rest.link ?? null, publishedAt: rest.publishedAt ?? null };
    const publishedAt =
      published === true ? new Date().toISOString() : published === false ? null : n.publishedAt;
    const stored = image ? await this.storeImage(image) : null;
    let id: string;
    try {
      const { rows } = await this.pool.query<{ id: string }>(
        `INSERT INTO news_alerts (type, title, message, link, published_at, created_by, image_key, image_type)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          n.type,
          n.title,
          n.message,
          n.link,
          publishedAt,
          staff.username,
          stored?.key ?? null,
          stored?.type ?? null,
        ],
      );
      id = String(rows[0].id);
    } catch (e) {
      await this.dropImage(stored?.key);
      throw e;
    }
    await this.audit.record(
      'NewsCreated',
      { newsId: id, ...n, publishedAt, image: stored ? 'added' : null },
      staffActor(staff),
    );
    return id;
  }

  async update(id: string, body: UpdateNewsDto, staff: Principal): Promise<void> {
    const before = await oneRow(this.pool, newsResource, id, 'News item');
    const { published, image, ...n } = body;
    const beforeKey = await this.imageKeyOf(id);
    if (image !== undefined && (image !== null || beforeKey)) {
      const stored = image ? await this.storeImage(image) : null;
      try {
        await this.pool.query(`UPDATE news_alerts SET image_key = $2, image_type = $3 WHERE id::text = $1`, [
          id,
          stored?.key ?? null,
          stored?.type ?? null,
        ]);
      } catch (e) {
        await this.dropImage(stored?.key);
        throw e;
      }
      await this.dropImage(beforeKey);
      const what = !stored ? 'removed' : beforeKey ? 'replaced' : 'added';
      await this.audit.record('NewsUpdated', { newsId: id, changes: { image: what } }, staffActor(staff));
    }
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
    const key = await this.imageKeyOf(id);
    await this.pool.query(`DELETE FROM news_alerts WHERE id::text = $1`, [id]);
    await this.dropImage(key);
    await this.audit.record('NewsDeleted', { newsId: id, title: before.title }, staffActor(staff));
    return before;
  }
}
