import type { Page, VerificationListItem } from '@credence/api-contract';
import { api, type CallOptions, type Query } from '@/shared/api/client';

/** A referred organisation (verifications 3): C = Company, I = Institute. */
export interface Referral {
  id: string;
  name: string;
  type: string;
}

/** A referral history row: a verification row plus company, institute and total (verifications 3). */
export interface ReferralHistoryRow extends VerificationListItem {
  company: { id: string; name: string };
  institute: string | null;
  total: number | null;
  currency: string | null;
}

/** GET /referral?query&page&size (list: page 0, size 10000; table: size 20). */
export function listReferrals(query: Query, options: CallOptions = {}): Promise<Page<Referral>> {
  return api.get<Page<Referral>>('/referral', query, options);
}

/** GET /referral/history?page&size&query&organisation&fromDate&toDate. */
export function listReferralHistory(query: Query, options: CallOptions = {}): Promise<Page<ReferralHistoryRow>> {
  return api.get<Page<ReferralHistoryRow>>('/referral/history', query, options);
}
