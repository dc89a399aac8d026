import { Type } from 'class-transformer';
import { QueryValues } from '../../../common/http/list-query';
import { Allow, IsArray, IsIn, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';

export class ApplicationDocumentDto {
  @IsOptional() @IsString() @MaxLength(100) id?: string;
  @IsOptional() @IsString() @MaxLength(200) name?: string;
  @IsOptional() @IsString() @MaxLength(200) filename?: string;
  @IsOptional() @IsString() @MaxLength(100) requirementId?: string;
  /** A PDF data URL (base64), for a new document. */
  @IsOptional() @IsString() data?: string;
}

/**
 * PUT /application/{id}: {status: 'ARCHIVED'} (the organisation), {status: 'PENDING'} (the applicant submits), or
 * {fields, documents} (the applicant saves). `fields` is the Application's fields list [{key, value}] or a map.
 */
export class ApplicationUpdateDto {
  @IsOptional() @IsIn(['ARCHIVED', 'PENDING'], { message: "status must be 'ARCHIVED' or 'PENDING'" }) status?: 'ARCHIVED' | 'PENDING';
  @IsOptional() @Allow() fields?: unknown;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => ApplicationDocumentDto) documents?: ApplicationDocumentDto[];
}

export class ApplicationUploadDto {
  @IsOptional() @IsString() @MaxLength(30, { message: 'A document label is at most 30 characters.' }) name?: string;
  @IsOptional() @IsString() @MaxLength(100) requirementId?: string;
  @IsOptional() @IsString() @MaxLength(200) filename?: string;
  @IsOptional() @IsString() data?: string;
}

/** GET /application/meta?status=: the statuses to count (repeated or comma separated). */
export class ApplicationMetaQueryDto {
  @QueryValues() status?: string | string[];
}
