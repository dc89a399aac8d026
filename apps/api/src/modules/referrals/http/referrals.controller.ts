import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { ReferralQuery } from '../queries/referral.query';
import { ReferralHistoryQueryDto, ReferralListQueryDto } from './referral-query.dto';

/**
 * The referral calls of verifications.md 7, for the referral owner only: an organisation reads the organisations
 * registered with its referral code and their verifications; anyone else reads empty lists.
 */
@ApiTags('referrals')
@Controller('referral')
export class ReferralsController {
  constructor(private readonly referrals: ReferralQuery) {}

  @Get()
  list(@CurrentPrincipal() principal: Principal, @Query() query: ReferralListQueryDto) {
    return this.referrals.referrals(principal, query as Record<string, unknown>);
  }

  @Get('history')
  history(@CurrentPrincipal() principal: Principal, @Query() query: ReferralHistoryQueryDto) {
    return this.referrals.history(principal, query as Record<string, unknown>);
  }
}
