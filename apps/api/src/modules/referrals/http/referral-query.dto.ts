import { QueryValues } from '../../../common/http/list-query';

/** GET /referral?query&page&size (verifications.md 7). */
export class ReferralListQueryDto {
  @QueryValues() page?: string | string[];
  @QueryValues() size?: string | string[];
  @QueryValues() query?: string | string[];
}

/** GET /referral/history?page&size&query&organisation&requestedBy&customerReference&results&type&fromDate&toDate. */
export class ReferralHistoryQueryDto extends ReferralListQueryDto {
  @QueryValues() organisation?: string | string[];
  @QueryValues() requestedBy?: string | string[];
  @QueryValues() customerReference?: string | string[];
  @QueryValues() results?: string | string[];
  @QueryValues() result?: string | string[];
  @QueryValues() type?: string | string[];
  @QueryValues() fromDate?: string | string[];
  @QueryValues() toDate?: string | string[];
}
