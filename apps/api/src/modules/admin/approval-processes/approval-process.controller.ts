import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Pool } from 'pg';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';

/** verifications.md 7: `GET approvalprocess returns a list of strings`, the staff resolve form's choices. */
@ApiTags('verifications')
@StaffOnly()
@Controller('approvalprocess')
export class ApprovalProcessController {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  @Get()
  async active(): Promise<string[]> {
    const { rows } = await this.pool.query<{ name: string }>(`SELECT name FROM approval_processes WHERE active ORDER BY lower(name)`);
    return rows.map((r) => r.name);
  }
}
