import { PartialType } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Trim, TrimToNull } from '../shared/body-transforms';

/** POST /admin/approval-processes: a name resolvers pick under 'Approval process' (verifications 2.11). */
export class CreateApprovalProcessDto {
  @Trim()
  @IsString({ message: 'The name is required' })
  @IsNotEmpty({ message: 'The name is required' })
  @MaxLength(120, { message: 'The name must be at most 120 characters' })
  name!: string;

  @IsOptional()
  @TrimToNull()
  @IsString({ message: 'The description must be text' })
  @MaxLength(1000, { message: 'The description must be at most 1000 characters' })
  description?: string | null;

  @IsOptional()
  @IsBoolean({ message: 'active must be true or false' })
  active?: boolean;
}

/** PUT /admin/approval-processes/{id}: the whole record may come back; only what differs changes. */
export class UpdateApprovalProcessDto extends PartialType(CreateApprovalProcessDto) {}
