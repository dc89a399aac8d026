import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listVerifications } from '@/features/verifications/api/verifications';
import { historyQuery, type HistoryFilters } from '@/features/verifications/historyFilters';
import { queryKeys } from '@/shared/query/queryKeys';
import type { TableState } from '@/shared/ui/table';

/**
 * One page of the verification history (2.10). Cached per filters and page, so a revisit shows the list it had
 * at once (money 2.6) while it refreshes; the current rows stay on screen while the next page loads.
 */
export function useVerificationHistory(filters: HistoryFilters, state: TableState) {
  const query = historyQuery(filters, state);
  return useQuery({
    queryKey: queryKeys.verification.list(query),
    queryFn: ({ signal }) => listVerifications(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
