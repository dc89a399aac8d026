import { SHARE_EMAIL_MAX, SHARE_MESSAGES, shareEmailProblem } from '@credence/domain';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, isEmail, IsISO8601, IsOptional, ValidateBy, ValidateIf } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** One message per address, the first that applies: required, at most 500 characters (9), a valid address. */
const problemOf = (value: unknown) => shareEmailProblem(value) ?? (isEmail(String(value)) ? null : SHARE_MESSAGES.emailInvalid);
const IsShareEmail = () =>
  ValidateBy({ name: 'isShareEmail', validator: { validate: (value) => problemOf(value) === null, defaultMessage: (args) => problemOf(args?.value) ?? '' } });

/** POST /verification/{id}/share and /wallet/share: {key?, type} (verifications.md 7), and an optional expiry. */
export class CreateShareDto {
  @ApiProperty({ enum: ['PRIVATE', 'PUBLIC'] })
  @IsIn(['PRIVATE', 'PUBLIC'], { message: 'type must be PRIVATE or PUBLIC.' })
  type!: 'PRIVATE' | 'PUBLIC';

  /** The invitee's e-mail for a private share (500 characters at most, 9); ignored for a public one. */
  @ApiPropertyOptional({ maxLength: SHARE_EMAIL_MAX })
  @ValidateIf((o: CreateShareDto) => o.type === 'PRIVATE')
  @Transform(trim)
  @IsShareEmail()
  key?: string | null;

  /** ISO-8601 date or instant after which the share shows nothing. */
  @ApiPropertyOptional()
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'expiresAt must be a date (YYYY-MM-DD) or an ISO-8601 time.' })
  expiresAt?: string | null;
}
