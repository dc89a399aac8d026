import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listReferralHistory, listReferrals } from '@/features/referrals/api/referrals';
import type { Query } from '@/shared/api/client';

export const referralKeys = {
  all: ['referral'] as const,
  list: (params: Query) => ['referral', 'list', params] as const,
  history: (params: Query) => ['referral', 'history', params] as const,
};

export function useReferrals(query: Query) {
  return useQuery({
    queryKey: referralKeys.list(query),
    queryFn: ({ signal }) => listReferrals(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReferralHistory(query: Query) {
  return useQuery({
    queryKey: referralKeys.history(query),
    queryFn: ({ signal }) => listReferralHistory(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
