import { Transform, Type } from 'class-transformer';
import { IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';

/** verifications.md 2.7 and 5: name up to 200, country up to 200, comment up to 1000 characters. */
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const REQUEST_LIMITS = { name: 200, country: 200, comment: 1000 } as const;

export class RequestedRegionDto {
  @Transform(trim)
  @IsString({ message: 'Country is required' })
  @IsNotEmpty({ message: 'Country is required' })
  @MaxLength(REQUEST_LIMITS.country, {
    message: `Country must be at most ${REQUEST_LIMITS.country} characters`,
  })
  name!: string;
}

/** POST /institute/ {name, region {name}, comment} */
export class RequestInstituteDto {
  @Transform(trim)
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(REQUEST_LIMITS.name, { message: `Name must be at most ${REQUEST_LIMITS.name} characters` })
  name!: string;

  @IsObject({ message: 'Country is required' })
  @ValidateNested()
  @Type(() => RequestedRegionDto)
  region!: RequestedRegionDto;

  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'Additional Information must be text' })
  @MaxLength(REQUEST_LIMITS.comment, {
    message: `Additional Information must be at most ${REQUEST_LIMITS.comment} characters`,
  })
  comment?: string;
}
