import { TYPE_CODES } from '@credence/domain';
import { applyDecorators } from '@nestjs/common';
import { IsArray, IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Trim, TrimToNull } from '../shared/body-transforms';

/**
 * Payment types of access.md 3.1: NONE, CARD, INVOICE, INSTITUTE, values ending _PARENT, and token types (values
 * beginning INSTITUTE or TOKEN).
 */
export const PAYMENT_TYPE = /^(NONE|CARD|INVOICE|INSTITUTE|TOKEN|(INSTITUTE|TOKEN)_[A-Z0-9_]+|[A-Z][A-Z0-9_]*_PARENT)$/;
/** access.md 3.1: USD, EUR, AUD, otherwise GBP. */
export const CURRENCIES = ['GBP', 'USD', 'EUR', 'AUD'] as const;

const Flag = (name: string) => applyDecorators(IsOptional(), IsBoolean({ message: `${name} must be true or false` }));
const OptionalText = (name: string, max: number) =>
  applyDecorators(
    IsOptional(),
    TrimToNull(),
    IsString({ message: `${name} must be text` }),
    MaxLength(max, { message: `${name} must be at most ${max} characters` }),
  );

/**
 * PUT /admin/customers/{id}. The console's toggles send the whole record back (computed columns such as userCount
 * included: dropped unread); every field is optional and only those whose value differs are changed.
 */
export class CustomerUpdateDto {
  @IsOptional()
  @Trim()
  @IsString({ message: 'Organisation name is required' })
  @IsNotEmpty({ message: 'Organisation name is required' })
  @MaxLength(200, { message: 'Organisation name must be at most 200 characters' })
  name?: string;

  @IsOptional()
  @IsString({ message: 'paymentType must be NONE, CARD, INVOICE, INSTITUTE, a *_PARENT or a TOKEN* type' })
  @Matches(PAYMENT_TYPE, { message: 'paymentType must be NONE, CARD, INVOICE, INSTITUTE, a *_PARENT or a TOKEN* type' })
  paymentType?: string;

  @IsOptional()
  @IsIn(CURRENCIES, { message: `currency must be one of ${CURRENCIES.join(', ')}` })
  currency?: (typeof CURRENCIES)[number];

  @Flag('vatPayer') vatPayer?: boolean;

  /** The company's country, a two-letter code; null clears it. */
  @IsOptional()
  @IsString({ message: 'country must be a two-letter country code' })
  @Matches(/^[A-Z]{2}$/, { message: 'country must be a two-letter country code' })
  country?: string | null;

  @OptionalText('refLabel', 100) refLabel?: string | null;
  @OptionalText('appRefLabel', 100) appRefLabel?: string | null;

  @IsOptional()
  @IsArray({ message: `allowedTypes may hold only ${TYPE_CODES.join(', ')}` })
  @IsIn(TYPE_CODES, { each: true, message: `allowedTypes may hold only ${TYPE_CODES.join(', ')}` })
  allowedTypes?: string[] | null;

  @OptionalText('instituteId', 100) instituteId?: string | null;

  // The access flags of access.md 3.1/3.2 (CUSTOMER_FLAGS, as CompanyRow names them).
  @Flag('hasCountryAccess') hasCountryAccess?: boolean;
  @Flag('hasAnalyticsAccess') hasAnalyticsAccess?: boolean;
  @Flag('hasReportsAccess') hasReportsAccess?: boolean;
  @Flag('hasApplicants') hasApplicants?: boolean;
  @Flag('inviteApplicants') inviteApplicants?: boolean;
  @Flag('hasReferrals') hasReferrals?: boolean;
  @Flag('sharingDisabled') sharingDisabled?: boolean;
  @Flag('accreditationEnabled') accreditationEnabled?: boolean;
  @Flag('showDeleted') showDeleted?: boolean;
  @Flag('hasDiscount') hasDiscount?: boolean;
  @Flag('refRequired') refRequired?: boolean;
}
