import { DomainError } from '@credence/domain';
import { Controller, Get, Inject, Param, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Response } from 'express';
import type { Pool } from 'pg';
import { Public } from '../../../common/auth/public.decorator';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { BLOB_STORE, type BlobStore } from '../../verifications';
import { NEWS_IMAGE_KEY_PREFIX } from '../../../common/http/news-image-address';
import { NEWS_IMAGE_TOKEN } from './news-images';

const notFound = () => new DomainError('not-found', 'Image not found.');

/**
 * A news item's picture (money 2.5), at /v1/news/{id}/image/{token}. Public on purpose: an <img> sends no session,
 * and the home page, the console and the RSS feed all show it. The token is 128 random bits made when the picture was
 * uploaded, so only those who were given the address (the published feed, or staff for a draft) can load it; a new
 * picture gets a new address, so each answer may be cached for good.
 */
@ApiTags('news')
@Controller('news')
export class NewsImageController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  @Public()
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 600, ttl: 60_000 } })
  @Get(':id/image/:token')
  async image(@Param('id') id: string, @Param('token') token: string, @Res() res: Response): Promise<void> {
    if (!/^\d{1,18}$/.test(id) || !NEWS_IMAGE_TOKEN.test(token)) throw notFound();
    const { rows } = await this.pool.query<{ key: string; type: string }>(
      `SELECT image_key AS key, image_type AS type FROM news_alerts WHERE id = $1 AND image_key = $2`,
      [id, `${NEWS_IMAGE_KEY_PREFIX}${token}`],
    );
    const bytes = rows[0] && (await this.blobs.get(rows[0].key));
    if (!bytes) throw notFound();
    res
      .status(200)
      .set({
        'Content-Type': rows[0].type,
        'Content-Length': String(bytes.length),
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Content-Disposition': 'inline',
        'X-Content-Type-Options': 'nosniff',
        // A picture is never a document: nothing in it runs, even when opened on its own.
        'Content-Security-Policy': "default-src 'none'; sandbox",
      })
      .end(bytes);
  }
}
