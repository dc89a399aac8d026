import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listSavedCards, removeSavedCard } from '@/features/money/api/savedCards';

/** Under 'credit', so a payment's invalidation of the credit queries shows a card it has just saved. */
export const savedCardsKey = ['credit', 'saved-cards'] as const;

/**
 * The saved cards a card payment offers (money 2.9 'Save card for later'). An account that cannot have any (it does
 * not pay by card: 403) simply has none to offer.
 */
export function useSavedCards() {
  return useQuery({
    queryKey: savedCardsKey,
    queryFn: ({ signal }) => listSavedCards({ signal }),
    retry: false,
    staleTime: 0,
  });
}

export function useRemoveSavedCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removeSavedCard(id),
    onSettled: () => client.invalidateQueries({ queryKey: savedCardsKey }),
  });
}
