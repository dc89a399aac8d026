import { PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Trim, TrimToNull } from '../shared/body-transforms';

export const NEWS_TYPES = ['ALERT_MAINTENANCE', 'NEWS'] as const;

const isStoredImage = (v: unknown) =>
  typeof v === 'object' && v !== null && !('rawFile' in v) && typeof (v as { src?: unknown }).src === 'string' && (v as { src: string }).src.startsWith('/v1/news/');

/** POST /admin/news: a news item or maintenance alert of the portal's home page. */
export class CreateNewsDto {
  @IsIn(NEWS_TYPES, { message: 'type must be ALERT_MAINTENANCE or NEWS' })
  type!: (typeof NEWS_TYPES)[number];

  @Trim()
  @IsString({ message: 'The title is required' })
  @IsNotEmpty({ message: 'The title is required' })
  @MaxLength(200, { message: 'The title must be at most 200 characters' })
  title!: string;

  @Trim()
  @IsString({ message: 'The message is required' })
  @IsNotEmpty({ message: 'The message is required' })
  @MaxLength(4000, { message: 'The message must be at most 4000 characters' })
  message!: string;

  @IsOptional()
  @TrimToNull()
  @IsString({ message: 'link must start with http:// or https://' })
  @MaxLength(500, { message: 'link must be at most 500 characters' })
  @Matches(/^https?:\/\//, { message: 'link must start with http:// or https://' })
  link?: string | null;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'publishedAt must be an ISO date and time' })
  publishedAt?: string | null;

  /**
   * The item's picture (money 2.5): a data URL of a PNG, JPEG, WebP or GIF of at most 2 MB to set or replace it, null
   * to remove it; left out, the picture stays as it is. Checked by its bytes and size in the service (news-images.ts),
   * which refuses an oversized one before decoding it (the JSON body itself stops at 8 MB).
   */
  // react-admin sends the whole record back (the Published switch, a saved form): the picture as the record gives
  // it, {src: '/v1/news/...', title}, leaves it as it is. Any other object is refused below.
  @Transform(({ value }) => (isStoredImage(value) ? undefined : value))
  @IsOptional()
  @IsString({ message: 'The image must be a PNG, JPEG, WebP or GIF picture.' })
  image?: string | null;

  /** Convenience for the console's publish switch: true publishes now, false withdraws. */
  @IsOptional()
  @IsBoolean({ message: 'published must be true or false' })
  published?: boolean;
}

/** PUT /admin/news/{id}: react-admin sends the whole record back; only what differs changes. */
export class UpdateNewsDto extends PartialType(CreateNewsDto) {}
