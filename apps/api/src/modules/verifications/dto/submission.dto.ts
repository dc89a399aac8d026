import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsNumber, IsObject, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';

/** A document sent inline with a submission (verifications.md 3): data is a PDF data URL (base64). */
export class InlineDocumentDto {
  @IsOptional() @IsString() id?: string;
  @IsOptional() @IsString() @MaxLength(200) name?: string;
  @IsOptional() @IsString() type?: string;
  @IsOptional() @IsString() requirementId?: string;
  @IsOptional() @IsString() @MaxLength(200) filename?: string;
  @IsOptional() @IsString() data?: string;
}

export class SubjectDto {
  @IsString() @MaxLength(200) name!: string;
  @IsOptional() @IsString() @MaxLength(100) mark?: string;
}

export class AdditionalFieldDataDto {
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => SubjectDto) subjects?: SubjectDto[];
}

export class AccreditationChoiceDto {
  @IsOptional() @IsString() instituteId?: string;
}

/**
 * The submission payload of verifications.md 3: instituteId; fields {firstname, middlename, surname, dob, institute
 * field keys}; documents; customerReference; applicationId; type (alias); accreditation {instituteId} or null;
 * supplierId; additionalFieldData [{subjects}]. Plus consent (the Terms & Consent switch) and, on re-submission,
 * retriesLeft / flag / force (force: send for manual checking).
 */
export class SubmissionDto {
  @IsOptional() @IsString() @MaxLength(100) instituteId?: string;
  @IsOptional() @IsString() @MaxLength(40) type?: string;
  @IsOptional() @IsObject() fields?: Record<string, unknown>;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => InlineDocumentDto) documents?: InlineDocumentDto[];
  @IsOptional() @IsString() @MaxLength(200) customerReference?: string | null;
  @IsOptional() @IsString() @MaxLength(100) applicationId?: string | null;
  @IsOptional() @ValidateNested() @Type(() => AccreditationChoiceDto) accreditation?: AccreditationChoiceDto | null;
  @IsOptional() @IsString() @MaxLength(200) supplierId?: string | null;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => AdditionalFieldDataDto) additionalFieldData?: AdditionalFieldDataDto[];
  @IsOptional() @IsBoolean() consent?: boolean;
  @IsOptional() @IsBoolean() consentTicked?: boolean;
  @IsOptional() @IsNumber() @Min(0) retriesLeft?: number;
  @IsOptional() @IsBoolean() flag?: boolean;
  @IsOptional() @IsBoolean() force?: boolean;
}

export class CreditPurchaseDto {
  @IsOptional() @IsNumber() @Min(0) amount?: number;
  @IsOptional() @IsString() btNonce?: string | null;
  @IsOptional() @IsBoolean() btSaveCard?: boolean;
}

/** One submission, or {verifications: [submissions], creditPurchase} (verifications.md 7). */
export class SubmissionBodyDto extends SubmissionDto {
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => SubmissionDto) verifications?: SubmissionDto[];
  @IsOptional() @ValidateNested() @Type(() => CreditPurchaseDto) creditPurchase?: CreditPurchaseDto;
}

export class ResolveDto {
  @IsIn(['VERIFIED', 'REJECTED', 'NOT_VERIFIED'], { message: 'The result must be VERIFIED, REJECTED or NOT_VERIFIED.' }) result!: 'VERIFIED' | 'REJECTED' | 'NOT_VERIFIED';
  @IsOptional() @IsString() @MaxLength(5000) notes?: string | null;
  @IsOptional() @IsString() @MaxLength(200) approvedByName?: string;
  @IsOptional() @IsString() @MaxLength(200) approvedByTitle?: string;
  @IsOptional() @IsString() @MaxLength(200) abp?: string | null;
}

export class IdentityInitDto {
  @IsString() @MaxLength(100) firstname!: string;
  @IsString() @MaxLength(100) lastname!: string;
  @IsString() @MaxLength(20) dob!: string;
}

export class UploadDocumentDto {
  @IsOptional() @IsString() @MaxLength(200) name?: string;
  @IsOptional() @IsString() @MaxLength(100) requirementId?: string;
  @IsOptional() @IsString() @MaxLength(100) id?: string;
  @IsOptional() @IsString() @MaxLength(200) filename?: string;
  @IsOptional() @IsString() data?: string;
}

export class CancelDto {
  @IsOptional() @IsString() @MaxLength(1000) reason?: string;
}

export class AdminCommentDto {
  @IsString() @MaxLength(5000) comment!: string;
}

export class UnableDto {
  @IsOptional() @IsString() @MaxLength(1000) note?: string;
}

export class AccreditationDto {
  @IsIn(['ACCREDITED', 'NOT_ACCREDITED']) status!: 'ACCREDITED' | 'NOT_ACCREDITED';
  @IsOptional() @IsString() @MaxLength(200) authority?: string;
  @IsOptional() @IsString() @MaxLength(500) url?: string;
}

/** One line of an order to price: the institute, whether its accreditation check is wanted, the candidate. */
export class QuoteItemDto {
  @IsOptional() @IsString() @MaxLength(100) id?: string;
  @IsString() @MaxLength(100) instituteId!: string;
  @IsOptional() @IsBoolean() accreditation?: boolean;
  @IsOptional() @IsString() @MaxLength(200) candidateName?: string;
}

/** POST /verification/quote: the order review's figures for the verifications about to be submitted. */
export class QuoteDto {
  @IsArray() @ValidateNested({ each: true }) @Type(() => QuoteItemDto) verifications!: QuoteItemDto[];
  @IsOptional() @ValidateNested() @Type(() => CreditPurchaseDto) creditPurchase?: CreditPurchaseDto;
  /** Ordering inside the caller's own open application: its pricing scheme and applicantPays decide the figures. */
  @IsOptional() @IsString() @MaxLength(100) applicationId?: string;
}
