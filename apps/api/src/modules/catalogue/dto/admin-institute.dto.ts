import { PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { FIELD_TYPES, INSTITUTE_TYPES, NOTICE_TYPES, REF_DATA_MODES } from '../catalogue.model';

export class InstituteFieldDto {
  @Matches(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, {
    message: 'field key must start with a letter and use letters, digits or _',
  })
  key!: string;

  @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
  @IsOptional() @IsString() @MaxLength(1000) description?: string | null;
  @IsBoolean() required!: boolean;
  @IsIn(FIELD_TYPES, { message: `field type must be one of ${FIELD_TYPES.join(', ')}` })
  type!: (typeof FIELD_TYPES)[number];
  @IsOptional() @IsIn(REF_DATA_MODES, { message: 'refData must be TRUE, ONLY or null' }) refData?:
    | (typeof REF_DATA_MODES)[number]
    | null;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  values?: string[] | null;
  @IsOptional() @IsString() @MaxLength(500) value?: string | null;
  @IsOptional() @IsString() @MaxLength(50) mask?: string | null;
}

export class DocumentRequirementDto {
  @IsString() @IsNotEmpty() @MaxLength(100) id!: string;
  @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
  @IsString() @IsNotEmpty() @MaxLength(100) type!: string;
  @IsBoolean() required!: boolean;
  @IsOptional() @IsString() @MaxLength(1000) description?: string | null;
  @IsOptional() @IsString() @MaxLength(1000) templateDescription?: string | null;
  @IsOptional() @IsString() @MaxLength(1000) template?: string | null;
}

export class NoticeDto {
  @IsIn(NOTICE_TYPES, { message: `notice type must be one of ${NOTICE_TYPES.join(', ')}` })
  type!: (typeof NOTICE_TYPES)[number];
  @IsString() @IsNotEmpty() @MaxLength(2000) message!: string;
}

const money = { maxDecimalPlaces: 2 };

/** POST /admin/institutes. The id is optional: one is made from the country when left out. */
export class CreateInstituteDto {
  @IsOptional()
  @Matches(/^[A-Za-z0-9_.-]{1,100}$/, { message: 'id must be 1 to 100 letters, digits, _ . or -' })
  id?: string;

  @IsString() @IsNotEmpty({ message: 'name is required' }) @MaxLength(300) name!: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(300, { each: true })
  otherNames?: string[];

  @IsOptional() @IsString() @MaxLength(20) countryId?: string | null;
  @IsOptional() @IsString() @MaxLength(100) parentId?: string | null;
  @IsOptional()
  @IsIn(INSTITUTE_TYPES, { message: `type must be one of ${INSTITUTE_TYPES.join(', ')}` })
  type?: (typeof INSTITUTE_TYPES)[number];
  @IsOptional() @IsInt() @Min(1900) @Max(2100) minYear?: number | null;
  @IsNumber(money, { message: 'price must be an amount' }) @Min(0) @Max(100000) price!: number;
  @IsOptional()
  @IsNumber(money, { message: 'surcharge must be an amount' })
  @Min(0)
  @Max(100000)
  surcharge?: number;
  @IsOptional()
  @IsNumber(money, { message: 'accreditationPrice must be an amount' })
  @Min(0)
  @Max(100000)
  accreditationPrice?: number | null;
  @IsOptional() @IsBoolean() allowsPending?: boolean;
  @IsOptional() @IsBoolean() readOnly?: boolean;
  @IsOptional() @IsBoolean() allowsCurrentStudent?: boolean;
  @IsOptional() @IsInt() @Min(0) @Max(20) maxAdditionalDocs?: number;
  @IsOptional() @IsBoolean() searchable?: boolean;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => InstituteFieldDto)
  fields?: InstituteFieldDto[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => DocumentRequirementDto)
  documentRequirements?: DocumentRequirementDto[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => NoticeDto)
  notices?: NoticeDto[];
}

/** PUT /admin/institutes/{id}: what is sent replaces what is held; what is left out stays. */
export class UpdateInstituteDto extends PartialType(CreateInstituteDto) {}

export class RefDataOptionDto {
  @IsString() @IsNotEmpty() @MaxLength(100) id!: string;
  @IsString() @IsNotEmpty() @MaxLength(300) name!: string;
}

/** PUT /admin/countries/{id} */
export class UpdateCountryDto {
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200) name?: string;
  @IsOptional() @IsBoolean() vat?: boolean;
  @IsOptional() @IsBoolean() disabled?: boolean;
  @IsOptional() @IsString() @MaxLength(10) regionId?: string | null;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => NoticeDto)
  notices?: NoticeDto[];
}

/** PUT /admin/regions/{id}: its name, and optionally the countries that belong to it. */
export class UpdateRegionDto {
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200) name?: string;
  @IsOptional() @IsArray() @ArrayMaxSize(300) @IsString({ each: true }) countryIds?: string[];
}
