import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listResolverVerifications, type ResolverList } from '@/features/pending/api/pending';
import { resolverQuery, type ResolverFilters } from '@/features/pending/resolverFilters';
import { queryKeys } from '@/shared/query/queryKeys';
import type { TableState } from '@/shared/ui/table';

/**
 * One page of the Pending or Resolved Verifications list (2.11), cached per filters and page (a revisit shows the
 * list at once, access 3.1's cached pending and resolved views); the rows stay while the next page loads.
 */
export function useResolverList(list: ResolverList, filters: ResolverFilters, state: TableState) {
  const query = resolverQuery(filters, state, list === 'resolved');
  return useQuery({
    queryKey:
      list === 'pending' ? queryKeys.verification.pending(query) : queryKeys.verification.resolved(query),
    queryFn: ({ signal }) => listResolverVerifications(list, query, { signal }),
    placeholderData: keepPreviousData,
  });
}
