import { useQuery } from '@tanstack/react-query';
import { getCreditSummary, type CreditSummary } from '@/features/credit/api/credit';
import { queryKeys } from '@/shared/query/queryKeys';

const UNKNOWN: CreditSummary = { credit: null, unseenInvoices: null };

/**
 * The current credit and the unseen invoices (money 2.1-2.4, access 2.3): the user menu's balance and the Invoices
 * badge read the same cached answer. Unknown while loading and when it failed: the balance is then left out.
 * Anything that spends or adds credit invalidates queryKeys.credit.all.
 */
export function useCreditSummary(): CreditSummary {
  const { data } = useQuery({
    queryKey: queryKeys.credit.summary(),
    queryFn: ({ signal }) => getCreditSummary({ signal }),
  });
  return data ?? UNKNOWN;
}
