import { useQuery } from '@tanstack/react-query';
import { getCreditSummary, type CreditSummary } from '@/features/credit/api/credit';
import { REFRESH_MARGIN_MS } from '@/shared/config';
import { queryKeys } from '@/shared/query/queryKeys';
import { sessionStore } from '@/shared/session/sessionStore';

const UNKNOWN: CreditSummary = { credit: null, unseenInvoices: null };

/**
 * The current credit and the unseen invoices (money 2.1-2.4, access 2.3): the user menu's balance and the Invoices
 * badge read the same cached answer. Unknown while loading and when it failed: the balance is then left out.
 * Anything that spends or adds credit invalidates queryKeys.credit.all; besides, the balance is read again every
 * 30 s (money 2.4, 9: credit poll), so credit added elsewhere (a colleague's purchase, staff) shows without a reload.
 * Not while the page is hidden (React Query's default): a background tab asks nothing. Nor once the next read would
 * find the token at its expiry: that read would refresh the session, and an idle page polling would then never be
 * signed out (access 4.1: 14 minutes after the expiry). The user's next action refreshes it and polling goes on.
 */
export const CREDIT_POLL_MS = 30_000;

function pollInterval(): number | false {
  const { expiry } = sessionStore.getState();
  return expiry === null || expiry - Date.now() > CREDIT_POLL_MS + REFRESH_MARGIN_MS ? CREDIT_POLL_MS : false;
}

export function useCreditSummary(): CreditSummary {
  const { data } = useQuery({
    queryKey: queryKeys.credit.summary(),
    queryFn: ({ signal }) => getCreditSummary({ signal }),
    refetchInterval: pollInterval,
  });
  return data ?? UNKNOWN;
}
