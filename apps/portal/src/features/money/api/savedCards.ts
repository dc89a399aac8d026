import type { SavedCardView } from '@credence/api-contract';
import { api, type CallOptions } from '@/shared/api/client';

/** GET /credit/cards: the account's cards kept with 'Save card for later' (money 2.9), masked. */
export async function listSavedCards(options: CallOptions = {}): Promise<SavedCardView[]> {
  const cards = await api.get<unknown>('/credit/cards', undefined, { ...options, silent: true });
  // Anything but a list offers no saved card rather than breaking the card form.
  return Array.isArray(cards) ? (cards as SavedCardView[]) : [];
}

/** DELETE /credit/cards/{id}: the card is removed from the payment provider's vault. */
export function removeSavedCard(id: string): Promise<void> {
  return api.delete<void>(`/credit/cards/${encodeURIComponent(id)}`, undefined, { silent: true });
}

/** POST /credit/cards/{id}/nonce: a single-use nonce paying with the saved card, sent as btNonce like a new card's. */
export async function savedCardNonce(id: string): Promise<string> {
  return (
    await api.post<{ nonce: string }>(`/credit/cards/${encodeURIComponent(id)}/nonce`, undefined, undefined, {
      silent: true,
    })
  ).nonce;
}
