import { DomainError } from '@credence/domain';
import { randomBytes } from 'node:crypto';
import { NEWS_IMAGE_KEY_PREFIX } from '../../../common/http/news-image-address';

/** A news picture is at most 2 MB (1000^2 bytes): a banner, not a photo library. */
export const MAX_NEWS_IMAGE_BYTES = 2 * 1000 * 1000;

/**
 * The pictures a news item may carry, each known by its magic bytes (a renamed file or a wrong content type does not
 * pass). SVG is left out on purpose: it is a document that can carry script. Four fixed signatures do not earn a
 * dependency (`file-type` is ESM-only and knows hundreds of formats this never accepts).
 */
const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

const DATA_URL = /^data:(image\/[a-z]+);base64,([A-Za-z0-9+/=\s]+)$/;
export const NEWS_IMAGE_UNREADABLE = 'The image must be a PNG, JPEG, WebP or GIF picture.';

const invalid = (message: string) => new DomainError('invalid', message);

/** The picture in a data URL (as the console reads a file): its bytes and type, or a clear 400. */
export function decodeNewsImage(data: string): { bytes: Buffer; type: string } {
  const m = DATA_URL.exec(data.trim());
  const check = m && SIGNATURES[m[1]];
  if (!m || !check) throw invalid(NEWS_IMAGE_UNREADABLE);
  // 4 base64 characters are 3 bytes: refuse an oversized picture before decoding it.
  const estimate = Math.floor((m[2].replace(/\s/g, '').length * 3) / 4);
  if (estimate > MAX_NEWS_IMAGE_BYTES + 2) throw invalid('The image must be at most 2 MB.');
  const bytes = Buffer.from(m[2], 'base64');
  if (bytes.length > MAX_NEWS_IMAGE_BYTES) throw invalid('The image must be at most 2 MB.');
  if (!check(bytes)) throw invalid(NEWS_IMAGE_UNREADABLE);
  return { bytes, type: m[1] };
}

/**
 * A new blob key for a news picture: `news/{token}`, the token 128 random bits. The token is the picture's public
 * address (/v1/news/{id}/image/{token}), so a draft's picture cannot be guessed, and a replaced one gets a new
 * address that browsers and caches never confuse with the old.
 */
export const newNewsImageKey = () => `${NEWS_IMAGE_KEY_PREFIX}${randomBytes(16).toString('hex')}`;
export const NEWS_IMAGE_TOKEN = /^[0-9a-f]{32}$/;
