import { PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** POST /admin/country-notifications: a notice shown in a country's row of Country Insights (money 2.18). */
export class CreateCountryNotificationDto {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsString({ message: 'countryCode must be an ISO 3166 alpha-2 code' })
  @Matches(/^[A-Z]{2}$/, { message: 'countryCode must be an ISO 3166 alpha-2 code' })
  countryCode!: string;

  @Transform(trim)
  @IsString({ message: 'The message is required' })
  @IsNotEmpty({ message: 'The message is required' })
  @MaxLength(1000, { message: 'The message must be at most 1000 characters' })
  message!: string;

  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value))
  @IsString({ message: 'link must start with http:// or https://' })
  @MaxLength(500, { message: 'link must be at most 500 characters' })
  @Matches(/^https?:\/\//, { message: 'link must start with http:// or https://' })
  link?: string | null;

  /** What the link reads as (money 9: NotificationLinkName); without it the address is shown. */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value))
  @IsString({ message: 'linkName must be text' })
  @MaxLength(120, { message: 'linkName must be at most 120 characters' })
  linkName?: string | null;

  @IsOptional()
  @IsBoolean({ message: 'active must be true or false' })
  active?: boolean;
}

/** PUT /admin/country-notifications/{id}: react-admin sends the whole record back; only what differs changes. */
export class UpdateCountryNotificationDto extends PartialType(CreateCountryNotificationDto) {}
