import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cardClientToken,
  quoteOrder,
  requestInstitute,
  saveDraft,
  saveNewDraft,
  submitDraft,
  submitNew,
  type CreditPurchase,
  type QuoteLine,
  type Submission,
  type SubmittedVerification,
} from '@/features/ordering/api/ordering';
import { useDebouncedValue } from '@/shared/forms/useDebouncedValue';
import { ORDER_CHANGES, queryKeys } from '@/shared/query/queryKeys';

/**
 * The order review's figures from the API (money 2.9), asked again 500 ms after the order last changed; inside an
 * application, priced as that application charges.
 */
export function useOrderQuote(lines: QuoteLine[], extraCredit: number, enabled: boolean, applicationId: string | null = null) {
  const params = useDebouncedValue(JSON.stringify({ lines, extraCredit, applicationId }), 500);
  return useQuery({
    queryKey: queryKeys.order.quote({ order: params }),
    queryFn: ({ signal }) => {
      const parsed = JSON.parse(params) as { lines: QuoteLine[]; extraCredit: number; applicationId: string | null };
      return quoteOrder(parsed.lines, parsed.extraCredit, { signal }, parsed.applicationId);
    },
    enabled: enabled && lines.length > 0,
    placeholderData: keepPreviousData,
  });
}

export interface OrderEntry {
  /** The saved draft's id, or null for a verification not saved yet. */
  serverId: string | null;
  submission: Submission;
}

/**
 * Submits the order (2.2): the new verifications in one POST, each saved draft with PUT ?push=true. Never retried;
 * the history, the badges, the balance and the invoices are read again afterwards (ORDER_CHANGES).
 */
export function useSubmitOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ entries, creditPurchase }: { entries: OrderEntry[]; creditPurchase: CreditPurchase | null }) => {
      const out: SubmittedVerification[] = [];
      const fresh = entries.filter((e) => !e.serverId).map((e) => e.submission);
      if (fresh.length) out.push(...(await submitNew(fresh, creditPurchase)));
      for (const e of entries) {
        if (!e.serverId) continue;
        const answer = await submitDraft(e.serverId, e.submission, fresh.length ? null : creditPurchase);
        out.push(...(Array.isArray(answer) ? answer : [answer]));
      }
      return out;
    },
    onSettled: () => Promise.all(ORDER_CHANGES.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/** Save for later (2.2): a new draft (autosubmit=false) or a saved draft's changes. */
export function useSaveForLater() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ serverId, submission }: OrderEntry) => (serverId ? saveDraft(serverId, submission) : saveNewDraft(submission)),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.verification.all }),
  });
}

/** The card form's client token (GET /credit, card payers): which provider the payment step's form is for. */
export function useCardClientToken() {
  return useQuery({
    queryKey: queryKeys.credit.cardToken(),
    queryFn: ({ signal }) => cardClientToken({ signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** Request a new institute (2.7). */
export function useRequestInstitute() {
  return useMutation({ mutationFn: requestInstitute });
}
