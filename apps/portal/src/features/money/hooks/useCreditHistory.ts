import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { getCreditHistory } from '@/features/money/api/money';
import { queryKeys } from '@/shared/query/queryKeys';

/**
 * One page of the credit history (money 2.13). Reading it resets the unseen-invoices counter on the server, so once
 * a page has come the shell's summary (the Invoices badge) is read again.
 */
export function useCreditHistory(page: number, size: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.credit.history({ page, size }),
    queryFn: async ({ signal }) => {
      const result = await getCreditHistory({ page, size }, { signal });
      void client.invalidateQueries({ queryKey: queryKeys.credit.summary() });
      return result;
    },
    placeholderData: keepPreviousData,
  });
}
