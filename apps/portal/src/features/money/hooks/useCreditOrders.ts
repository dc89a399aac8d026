import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  buyCredit,
  getCreditInfo,
  orderCredits,
  type CreditOrderRequest,
  type CreditPurchaseRequest,
} from '@/features/money/api/money';
import { queryKeys } from '@/shared/query/queryKeys';

/** Order Credits (money 2.12): the order goes to the account manager; the balance changes only once they act. */
export function useOrderCredits() {
  return useMutation({ mutationFn: (order: CreditOrderRequest) => orderCredits(order) });
}

/** Buy Credit (money 2.11): the balance, the invoices and the unseen count change. */
export function useBuyCredit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (purchase: CreditPurchaseRequest) => buyCredit(purchase),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.credit.all }),
  });
}

/** The balance, currency and VAT Buy Credit shows (money 2.9, 2.11). */
export function useCreditInfo() {
  return useQuery({ queryKey: queryKeys.credit.info(), queryFn: ({ signal }) => getCreditInfo({ signal }) });
}
