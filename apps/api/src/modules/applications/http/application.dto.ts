import { Expose, Transform, Type } from 'class-transformer';
import { QueryValues } from '../../../common/http/list-query';
import { Allow, ArrayMaxSize, Equals, IsArray, IsIn, IsOptional, IsString, MaxLength, ValidateBy, ValidateIf, ValidateNested } from 'class-validator';

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

/**
 * PUT /application/{id}/verification: the applicant's verifications the application includes, as
 * {verificationIds: [...]} or a bare list (BareListBody), ids as text or numbers, at most 100.
 */
export class SelectVerificationsDto {
  @ValidateBy(
    {
      name: 'isVerificationIdList',
      validator: {
        validate: (v: unknown) => Array.isArray(v) && v.length <= 100 && v.every((id) => typeof id === 'string' || typeof id === 'number'),
      },
    },
    { message: 'Send the verification ids as a list (at most 100).' },
  )
  verificationIds!: (string | number)[];
}

export const STAFF_ARCHIVE_ONLY = "Staff can only archive an application: send {status: 'ARCHIVED'}.";

/**
 * PUT /admin/applications/{id}: the staff archive, {status: 'ARCHIVED'} and nothing else (the id aside). Any other
 * field is refused rather than dropped, so no one believes they changed it: the global pipe's whitelist would drop
 * unknown fields unseen, so their names are collected from the raw body before it does.
 */
export class StaffArchiveDto {
  @ValidateIf((o: StaffArchiveDto) => !o.otherFields?.length)
  @Equals('ARCHIVED', { message: STAFF_ARCHIVE_ONLY })
  status!: 'ARCHIVED';

  @Expose({ toClassOnly: true })
  @Transform(({ obj }) => Object.keys(obj as object).filter((k) => k !== 'status' && k !== 'id'), { toClassOnly: true })
  @ArrayMaxSize(0, { message: STAFF_ARCHIVE_ONLY })
  otherFields!: string[];
}
