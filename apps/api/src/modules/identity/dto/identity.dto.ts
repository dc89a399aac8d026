import { Transform } from 'class-transformer';
import { IsArray, IsBoolean, IsEmail, IsIn, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

export class LoginDto {
  @Transform(lower) @IsString() @IsNotEmpty({ message: 'Incorrect username or password' }) @MaxLength(320)
  username!: string;
  @IsString() @IsNotEmpty({ message: 'Incorrect username or password' }) @MaxLength(1024)
  password!: string;
  @IsOptional() @Transform(lower) @IsString() @MaxLength(320)
  impersonate?: string | null;
}

export class PasswordDto {
  @IsOptional() @Transform(lower) @IsString() username?: string;
  @IsOptional() @IsString() @MaxLength(1024) password?: string;
  @IsString({ message: 'Invalid password' }) @MaxLength(1024, { message: 'Invalid password' }) newPassword!: string;
  @IsString({ message: 'Please confirm your new password.' }) @MaxLength(1024) confirmPassword!: string;
}

/** Forgot password (access.md 7.2): the username, in the body or the query string; a string or nothing. */
export class ForgotPasswordDto {
  @IsOptional() @Transform(lower) @IsString({ message: 'Please enter a valid email address.' }) @MaxLength(320, { message: 'Please enter a valid email address.' })
  username?: string;
}

export const VOLUME_OPTIONS = ['0-199', '200+'];

/** access.md 5.1 (server side of the start form). */
export class StartRegistrationDto {
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'First name is required.' }) @MaxLength(100)
  firstname!: string;
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Last name is required.' }) @MaxLength(100)
  lastname!: string;
  @Transform(lower) @IsEmail({}, { message: 'Please enter a valid email address.' }) @MaxLength(320)
  email!: string;
  @IsOptional() @IsBoolean() individual?: boolean;
  @ValidateIf((o: StartRegistrationDto) => !o.individual) @Transform(trim) @IsString({ message: 'Phone is required.' }) @IsNotEmpty({ message: 'Phone is required.' }) @MaxLength(50)
  phone?: string | null;
  @ValidateIf((o: StartRegistrationDto) => !o.individual) @Transform(trim) @IsString({ message: 'Company Name is required.' }) @IsNotEmpty({ message: 'Company Name is required.' }) @MaxLength(200)
  companyName?: string | null;
  @ValidateIf((o: StartRegistrationDto) => !o.individual) @Transform(trim) @IsString({ message: 'Job Title is required.' }) @IsNotEmpty({ message: 'Job Title is required.' }) @MaxLength(200)
  jobTitle?: string | null;
  @IsOptional() @IsIn(VOLUME_OPTIONS, { message: 'Annual estimated volume must be 0-199 or 200+.' })
  volumeChecks?: string | null;
  @IsOptional() @Transform(({ value }) => (value === null || value === undefined ? value : String(value))) @IsString() @MaxLength(100)
  applicationTemplateId?: string | null;
  @IsOptional() @IsString() @MaxLength(100) referralOwnerId?: string | null;
  @IsOptional() @IsString() @MaxLength(200) applicationRef?: string | null;
}

export class CompleteRegistrationDto {
  @IsString({ message: 'Invalid password' }) @MaxLength(1024, { message: 'Invalid password' }) password!: string;
  @IsString({ message: 'Please confirm your password.' }) @MaxLength(1024) confirmPassword!: string;
  @IsOptional() @IsObject() company?: Record<string, unknown> | null;
  @IsOptional() @IsBoolean() marketing?: boolean;
  @IsOptional() @IsString() @MaxLength(200) jobTitle?: string | null;
  @IsOptional() @IsIn(VOLUME_OPTIONS, { message: 'Annual estimated volume must be 0-199 or 200+.' }) volumeChecks?: string | null;
}

export class RegisterApplicantDto {
  @Transform(lower) @IsEmail({}, { message: 'Please enter a valid email address.' }) email!: string;
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'First name is required.' }) @MaxLength(100) firstname!: string;
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Last name is required.' }) @MaxLength(100) lastname!: string;
  @IsOptional() @IsString() @MaxLength(200) ref?: string | null;
  /** The spec also describes the reference as customerReference. */
  @IsOptional() @IsString() @MaxLength(200) customerReference?: string | null;
}

export const UNSUBSCRIBE_REASONS = [
  "I'm no longer applying to that organisation.",
  'I used a different route to verify or supply credentials.',
  'The service was too expensive.',
  'I could not find my school or provider listed.',
  'I could not find the help or assistance I needed to complete my application.',
  'The website did not work properly, I could not complete my application.',
  'Will complete the application, do not need reminders.',
  'My payment was not accepted.',
  'Other / prefer not to say.',
];

export class UnsubscribeDto {
  @Transform(({ value }) => (value === null || value === undefined ? value : String(value))) @IsString() @IsNotEmpty({ message: 'The application is required.' }) @MaxLength(100)
  applicationId!: string;
  @IsIn(UNSUBSCRIBE_REASONS, { message: 'Please choose a reason.' }) reason!: string;
}

export class AccountDto {
  @IsOptional() @Transform(lower) @IsString() username?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(100) firstname?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(100) lastname?: string;
  @IsOptional() @IsString() @MaxLength(50) phone?: string | null;
  @IsOptional() @IsBoolean() marketing?: boolean;
  @IsOptional() @IsBoolean() notifications?: boolean;
  @IsOptional() @IsString() @MaxLength(50) title?: string | null;
  @IsOptional() @IsInt() tcsVersion?: number;
  @IsOptional() interuptMessageAck?: number | string | null;
}

export class AccessTogglesDto {
  @IsOptional() @IsBoolean() hasCountryAccess?: boolean;
  @IsOptional() @IsBoolean() hasAnalyticsAccess?: boolean;
  @IsOptional() @IsBoolean() hasReportsAccess?: boolean;
}

export class CompanyDto {
  @IsOptional() @Transform(trim) @IsString() @MaxLength(200) name?: string;
  @IsOptional() @IsString() @MaxLength(200) addressStreet1?: string | null;
  @IsOptional() @IsString() @MaxLength(200) addressStreet2?: string | null;
  @IsOptional() @IsString() @MaxLength(200) addressStreet3?: string | null;
  @IsOptional() @IsString() @MaxLength(100) addressCity?: string | null;
  @IsOptional() @IsString() @MaxLength(20) addressPostCode?: string | null;
  @IsOptional() @IsObject() addressCountry?: { id?: string } | null;
  @IsOptional() @IsObject() industry?: { id?: number | string } | null;
  @IsOptional() @IsString() @MaxLength(50) vatId?: string | null;
  @IsOptional() @IsBoolean() restrictedUserView?: boolean;
}

/** access.md 5.5: add user. */
export class TeamUserDto {
  @Transform(lower) @IsEmail({}, { message: 'Please enter a valid email address.' }) @MaxLength(320)
  username!: string;
  @Transform(trim) @IsString({ message: 'First name is required.' }) @IsNotEmpty({ message: 'First name is required.' }) @MaxLength(100)
  firstname!: string;
  @Transform(trim) @IsString({ message: 'Last name is required.' }) @IsNotEmpty({ message: 'Last name is required.' }) @MaxLength(100)
  lastname!: string;
  @Transform(trim) @IsString({ message: 'Phone is required.' }) @IsNotEmpty({ message: 'Phone is required.' }) @MaxLength(50)
  phone!: string;
  @IsOptional() @IsBoolean() marketing?: boolean;
  @IsOptional() @IsBoolean() notifications?: boolean;
  @IsOptional() @IsBoolean() admin?: boolean;
  @IsOptional() @IsArray() @IsString({ each: true }) customRoles?: string[];
}
