import type { DomainEvent } from '../shared/event';

/**
 * One stream per share, `share-<id>`, where the id is the share's own unguessable token (the public link's key).
 * Why per share and not per owner: the public link names the share, and GET /share/{id} must answer from the
 * stream itself (revocation and expiry take effect at once, never after a projection catches up), so the stream
 * must be found from the id alone and be small to read; each view appends to it, so a busy public link contends
 * only with itself, never with the owner's other shares. What an owner has shared is a read model (per owner,
 * per verification, per invitee). The price: "only the first public share is shown" is a rule of the read side
 * (shownPublicShare), not a uniqueness the streams enforce.
 */
export const shareStream = (id: string) => `share-${id}`;
export const SHARE_STREAM_PREFIX = 'share-';
export const shareIdOf = (streamName: string) => streamName.slice(SHARE_STREAM_PREFIX.length);

type Event<T extends string, D> = DomainEvent<T, D> & { schemaVersion: 1 };

export type ShareType = 'PRIVATE' | 'PUBLIC';
/** What is shared: one verification, or the owner's whole wallet (its Verified results, at the time of viewing). */
export type ShareTarget = { kind: 'VERIFICATION'; verificationId: string } | { kind: 'WALLET'; verificationId: null };

export interface ShareOwner {
  companyId: string;
  username: string;
  name: string;
}

export type ShareCreated = Event<
  'ShareCreated',
  {
    shareId: string;
    owner: ShareOwner;
    target: ShareTarget;
    type: ShareType;
    /** The recipient's e-mail (lower case) for a private share, the URL token (the id) for a public one. */
    key: string;
    /** ISO-8601 instant after which the share shows nothing, or null. */
    expiresAt: string | null;
  }
>;
/** The private share's invitee registered (or signed in) with the invited e-mail and opened it. */
export type ShareAccepted = Event<'ShareAccepted', { username: string; name: string }>;
export type ShareRevoked = Event<'ShareRevoked', { by: string }>;
/** Someone opened the share: when (the event's time) and whether through the public link or as the invitee. Never
 * who or from where (no IP, no agent): the owner sees activity, not the viewers. */
export type ShareViewed = Event<'ShareViewed', { via: 'PUBLIC_LINK' | 'INVITEE' }>;

export type ShareEvent = ShareCreated | ShareAccepted | ShareRevoked | ShareViewed;
export type ShareEventType = ShareEvent['type'];

export const SHARE_EVENT_TYPES: readonly ShareEventType[] = ['ShareCreated', 'ShareAccepted', 'ShareRevoked', 'ShareViewed'];

export const isShareEvent = (e: DomainEvent): e is ShareEvent => (SHARE_EVENT_TYPES as readonly string[]).includes(e.type);

export const shareEvent = <E extends ShareEvent>(type: E['type'], data: E['data']): E => ({ type, schemaVersion: 1, data }) as E;
