import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const number = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);

/** POST /credit (3. Credit purchase): amount, btNonce, btSaveCard; an optional client reference for retries. */
export class BuyCreditDto {
  @Transform(number) @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'The credit amount must be between 1 and 1000.' })
  amount!: number;
  /** One rule, so a missing nonce answers one message (a string with something in it; its length is checked later). */
  @Transform(trim) @Matches(/\S/, { message: 'Please enter your card details.' })
  btNonce!: string;
  @IsOptional() @IsBoolean() btSaveCard?: boolean;
  @IsOptional() @IsString() @MaxLength(200) clientReference?: string;
}

/** POST /credit/order (3. Credit order): name, email, org, department, toBuy; the rules of 5. are the domain's. */
export class CreditOrderDto {
  @IsOptional() @IsString() @MaxLength(400) name?: string;
  @IsOptional() @IsString() @MaxLength(400) email?: string;
  @IsOptional() @IsString() @MaxLength(400) org?: string;
  @IsOptional() @IsString() @MaxLength(400) department?: string | null;
  @IsOptional() @Transform(number) toBuy?: number | string | null;
  @IsOptional() @IsString() @MaxLength(200) clientReference?: string;
}

/** POST /admin/credit-grants: grant (positive) or remove (negative) credit with a reason. */
export class CreditGrantDto {
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Choose the account.' }) @MaxLength(200)
  companyId!: string;
  /** Minor units (pence, cents) for money accounts, credits for token accounts; negative removes. */
  @Transform(number) @IsInt({ message: 'The amount must be a whole number (pence, or credits).' })
  amount!: number;
  @Transform(trim) @IsString({ message: 'A reason is required.' }) @IsNotEmpty({ message: 'A reason is required.' }) @MaxLength(500)
  reason!: string;
}

/** POST /admin/invoices/{id}/settlement: staff record an invoice account's payment. */
export class SettleInvoiceDto {
  @Transform(trim) @IsString({ message: 'A payment reference is required.' }) @IsNotEmpty({ message: 'A payment reference is required.' }) @MaxLength(100)
  reference!: string;
  /** yyyy-MM-dd; today when left out. */
  @IsOptional() @Transform(trim) @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'The payment date must be a date (yyyy-MM-dd).' })
  paidOn?: string;
}

/** POST /admin/refunds: give back what a verification cost (to the card it was paid with, else as credit). */
export class RefundVerificationDto {
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Choose the account.' }) @MaxLength(200)
  companyId!: string;
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Choose the verification.' }) @MaxLength(200)
  verificationId!: string;
  @Transform(trim) @IsString({ message: 'A reason is required.' }) @IsNotEmpty({ message: 'A reason is required.' }) @MaxLength(500)
  reason!: string;
}
