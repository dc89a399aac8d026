import type { ReceivedShareView, SharedVerificationView, ShareView } from '@credence/api-contract';
import { api, type CallOptions } from '@/shared/api/client';

/** What a Sharing Center shares (verifications 2.12): one verification, or the whole wallet. */
export type ShareScope = { kind: 'VERIFICATION'; id: string } | { kind: 'WALLET' };

const base = (scope: ShareScope) =>
  scope.kind === 'WALLET' ? '/wallet/share' : `/verification/${encodeURIComponent(scope.id)}/share`;

export interface NewShare {
  type: 'PRIVATE' | 'PUBLIC';
  key?: string;
  /** YYYY-MM-DD: open through that day. */
  expiresAt?: string | null;
}

/** GET /verification/{id}/share, GET /wallet/share (verifications 7). */
export function listShares(scope: ShareScope, options: CallOptions = {}): Promise<ShareView[]> {
  return api.get<ShareView[]>(base(scope), undefined, options);
}

/** POST /verification/{id}/share, POST /wallet/share {key?, type}. Silent: failures close the modal (spec 8). */
export function createShare(scope: ShareScope, share: NewShare): Promise<ShareView> {
  return api.post<ShareView>(base(scope), share, undefined, { silent: true });
}

/** DELETE /verification/{id}/share/{shareId}, DELETE /wallet/share/{id}. */
export function deleteShare(scope: ShareScope, shareId: string): Promise<void> {
  return api.delete<void>(`${base(scope)}/${encodeURIComponent(shareId)}`, undefined, { silent: true });
}

/** GET /share/{id} (public): the shared verifications, or null when the API answers 204. */
export async function viewShare(id: string, options: CallOptions = {}): Promise<SharedVerificationView[] | null> {
  const body = await api.get<SharedVerificationView[] | undefined>(`/share/${encodeURIComponent(id)}`, undefined, {
    ...options,
    silent: true,
  });
  return body ?? null;
}

/** GET /share: what others share with the signed-in user. */
export function receivedShares(options: CallOptions = {}): Promise<ReceivedShareView[]> {
  return api.get<ReceivedShareView[]>('/share', undefined, options);
}

/** The public link of a share, on this portal. */
export const shareLink = (id: string) => `${window.location.origin}/view/${encodeURIComponent(id)}`;
