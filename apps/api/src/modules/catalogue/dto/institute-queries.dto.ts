import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';

/** The most rows one page may ask for; larger sizes are served as this many (the country lists ask for 1000). */
export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_SEARCH_SIZE = 20;
export const DEFAULT_REFDATA_SIZE = 300;

const bool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/** GET /institute/summary?page&size&name&regionId&parentId&fuzzy=true */
export class InstituteSummaryQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(0, { message: 'page must be 0 or more' })
  page = 0;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'size must be a whole number' })
  @Min(1, { message: 'size must be at least 1' })
  size = DEFAULT_SEARCH_SIZE;

  @IsOptional()
  @IsString({ message: 'name must be text' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name?: string;

  @IsOptional()
  @IsString({ message: 'regionId must be text' })
  @MaxLength(20, { message: 'regionId must be at most 20 characters' })
  regionId?: string;

  @IsOptional()
  @IsString({ message: 'parentId must be text' })
  @MaxLength(100, { message: 'parentId must be at most 100 characters' })
  parentId?: string;

  @IsOptional()
  @Transform(bool)
  @IsIn([true, false], { message: 'fuzzy must be true or false' })
  fuzzy?: boolean;
}

/** GET /institute/{id}/refdata?key=&name=&size=300 */
export class RefDataQueryDto {
  @IsNotEmpty({ message: 'key is required' })
  @MaxLength(100, { message: 'key must be at most 100 characters' })
  key!: string;

  @IsOptional()
  @IsString({ message: 'name must be text' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'size must be a whole number' })
  @Min(1, { message: 'size must be at least 1' })
  size = DEFAULT_REFDATA_SIZE;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(0, { message: 'page must be 0 or more' })
  page = 0;
}

/** GET /institute/{id}?applicationId= */
export class InstituteQueryDto {
  @IsOptional()
  @IsString({ message: 'applicationId must be text' })
  @MaxLength(100, { message: 'applicationId must be at most 100 characters' })
  applicationId?: string;
}

/** GET /region?size=300&page&name&kind */
export class RegionQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(0, { message: 'page must be 0 or more' })
  page = 0;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'size must be a whole number' })
  @Min(1, { message: 'size must be at least 1' })
  size = 300;

  @IsOptional()
  @IsString({ message: 'name must be text' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name?: string;

  /** COUNTRY (default): the countries an institute can be in; GROUP: the map's regions. */
  @IsOptional()
  @IsIn(['COUNTRY', 'GROUP'], { message: 'kind must be COUNTRY or GROUP' })
  kind?: 'COUNTRY' | 'GROUP';
}

/** GET /company/country?name= and /company/industry?name= */
export class NameQueryDto {
  @IsOptional()
  @IsString({ message: 'name must be text' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name?: string;
}
