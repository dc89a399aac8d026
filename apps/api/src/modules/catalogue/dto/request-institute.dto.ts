import { Expose, Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** verifications.md 2.7 and 5: name up to 200, country up to 200, comment up to 1000 characters. */
export const REQUEST_LIMITS = { name: 200, country: 200, comment: 1000 } as const;

const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/**
 * POST /institute/ {name, region {name}, comment}. The country arrives as region.name and is validated here as
 * `country`, so that its message reads as the form's field ('Country ...') rather than a nested path.
 */
export class RequestInstituteDto {
  @Transform(({ value }) => trim(value))
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(REQUEST_LIMITS.name, { message: `Name must be at most ${REQUEST_LIMITS.name} characters` })
  name!: string;

  @Expose()
  @Transform(({ obj }) => trim((obj as { region?: { name?: unknown } }).region?.name))
  @IsString({ message: 'Country is required' })
  @IsNotEmpty({ message: 'Country is required' })
  @MaxLength(REQUEST_LIMITS.country, {
    message: `Country must be at most ${REQUEST_LIMITS.country} characters`,
  })
  country!: string;

  @IsOptional()
  @Transform(({ value }) => trim(value))
  @IsString({ message: 'Additional Information must be text' })
  @MaxLength(REQUEST_LIMITS.comment, {
    message: `Additional Information must be at most ${REQUEST_LIMITS.comment} characters`,
  })
  comment?: string;
}
