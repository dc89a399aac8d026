import { IsBoolean, IsIn, IsNotEmpty, IsString, MaxLength, ValidateIf } from 'class-validator';
import { Trim } from '../shared/body-transforms';

/** Absent is "leave it"; null is refused (the column cannot be empty). */
const Given = () => ValidateIf((_o: unknown, v: unknown) => v !== undefined);
/** Absent is "leave it"; null clears it. */
const GivenNotNull = () => ValidateIf((_o: unknown, v: unknown) => v !== undefined && v !== null);

export const STAFF_ROLES = ['administrator', 'auditor'] as const;

/**
 * PUT /admin/users/{id}. The console sends the whole record back (computed columns such as companyName included:
 * dropped unread); every field is optional and only those whose value differs are changed.
 */
export class UserUpdateDto {
  @Given()
  @Trim()
  @IsString({ message: 'First name is required' })
  @IsNotEmpty({ message: 'First name is required' })
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  firstname?: string;

  @Given()
  @Trim()
  @IsString({ message: 'Last name is required' })
  @IsNotEmpty({ message: 'Last name is required' })
  @MaxLength(100, { message: 'Last name must be at most 100 characters' })
  lastname?: string;

  @GivenNotNull()
  @Trim()
  @IsString({ message: 'phone must be text' })
  @MaxLength(50, { message: 'phone must be at most 50 characters' })
  phone?: string | null;

  @Given()
  @IsBoolean({ message: 'admin must be true or false' })
  admin?: boolean;

  @Given()
  @IsBoolean({ message: 'disabled must be true or false' })
  disabled?: boolean;

  /** Staff accounts only (issue 24): 'auditor' is read-only; null or 'administrator' a staff administrator. */
  @GivenNotNull()
  @IsIn(STAFF_ROLES, { message: `staffRole must be ${STAFF_ROLES.join(' or ')}` })
  staffRole?: (typeof STAFF_ROLES)[number] | null;
}
