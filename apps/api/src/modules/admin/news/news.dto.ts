import { PartialType } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Trim, TrimToNull } from '../shared/body-transforms';

export const NEWS_TYPES = ['ALERT_MAINTENANCE', 'NEWS'] as const;

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

  /** Convenience for the console's publish switch: true publishes now, false withdraws. */
  @IsOptional()
  @IsBoolean({ message: 'published must be true or false' })
  published?: boolean;
}

/** PUT /admin/news/{id}: react-admin sends the whole record back; only what differs changes. */
export class UpdateNewsDto extends PartialType(CreateNewsDto) {}
