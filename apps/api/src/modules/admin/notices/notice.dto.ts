import { applyDecorators } from '@nestjs/common';
import { PartialType } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Trim, TrimToNull, TrimUpper } from '../shared/body-transforms';

/** An optional code or id: trimmed, empty is null, at most 100 characters. */
const OptionalText = (field: string) =>
  applyDecorators(
    IsOptional(),
    TrimToNull(),
    IsString({ message: `${field} must be text` }),
    MaxLength(100, { message: `${field} must be at most 100 characters` }),
  );

/** POST /admin/notices: a shell banner (DASHBOARD, access.md 2.3) or an institute/region notice. */
export class CreateNoticeDto {
  @Trim()
  @IsString({ message: 'The message is required' })
  @IsNotEmpty({ message: 'The message is required' })
  @MaxLength(2000, { message: 'The message must be at most 2000 characters' })
  message!: string;

  /** DASHBOARD (the default) notices are the shell's warning banners. */
  @IsOptional()
  @TrimUpper()
  @IsString({ message: 'scope must be a code such as DASHBOARD' })
  @Matches(/^[A-Z_]{1,40}$/, { message: 'scope must be a code such as DASHBOARD' })
  scope?: string;

  @OptionalText('type') type?: string | null;
  @OptionalText('instituteId') instituteId?: string | null;
  @OptionalText('regionId') regionId?: string | null;

  @IsOptional()
  @IsBoolean({ message: 'published must be true or false' })
  published?: boolean;
}

/** PUT /admin/notices/{id}: the whole record may come back; only what differs changes. */
export class UpdateNoticeDto extends PartialType(CreateNoticeDto) {}
