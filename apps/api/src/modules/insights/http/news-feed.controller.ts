import { Controller, Get, Header, Inject, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import { Feed } from 'feed';
import type { Pool } from 'pg';
import { newsImagePath } from '../../../common/http/news-image-address';
import { Public } from '../../../common/auth/public.decorator';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';

/** How many items the feed carries (the dashboard's News card shows 5, money 9). */
const FEED_ITEMS = 20;

interface NewsRow {
  id: string;
  title: string;
  message: string;
  link: string | null;
  publishedAt: Date;
  imageKey: string | null;
  imageType: string | null;
}

/**
 * The product's own public RSS feed (money 2.6 News card): the NEWS items staff publish in the console, newest first.
 * Public on purpose (a feed reader sends no session); it holds only what staff published, and is throttled.
 */
@ApiTags('news')
@Controller('news')
export class NewsFeedController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 60, ttl: 60_000 } })
  @Get('rss')
  @Header('Content-Type', 'application/rss+xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  async rss(): Promise<string> {
    const { rows } = await this.pool.query<NewsRow>(
      `SELECT id::text AS id, title, message, link, published_at AS "publishedAt", image_key AS "imageKey", image_type AS "imageType" FROM news_alerts
        WHERE type = 'NEWS' AND published_at IS NOT NULL AND published_at <= now() ORDER BY published_at DESC, id DESC LIMIT ${FEED_ITEMS}`,
    );
    const site = this.config.publicUrl.replace(/\/$/, '');
    const feed = new Feed({
      title: 'Credence news',
      description: 'News from Credence, the credential verification service',
      id: `${site}/`,
      link: `${site}/`,
      language: 'en',
      copyright: 'Credence',
      updated: rows[0]?.publishedAt,
      feedLinks: { rss: `${site}/v1/news/rss` },
    });
    for (const n of rows) {
      feed.addItem({
        title: n.title,
        id: `${site}/v1/news/rss#${n.id}`,
        link: n.link ?? `${site}/home`,
        description: n.message,
        content: n.message,
        author: [{ name: 'Credence' }],
        date: new Date(n.publishedAt),
        // The picture as an enclosure, at its public address (news-image.controller.ts).
        ...(n.imageKey && n.imageType
          ? { image: { url: `${site}${newsImagePath(n.id, n.imageKey)}`, type: n.imageType } }
          : {}),
      });
    }
    return feed.rss2();
  }
}
