import { isShareEvent, shareIdOf, SHARE_EVENT_TYPES, SHARE_STREAM_PREFIX, type ShareEvent } from '@credence/domain';
import type { ProjectedEvent, Projection, Row } from '../projection';

/** How many view dates a row keeps for the owner's activity list (the count keeps counting). */
export const SHARE_VIEWS_KEPT = 20;

/**
 * One row per share. Its table is indexed three ways, one read model per question the API asks: an owner's
 * shares (the wallet's Sharing Center), a verification's shares (its Sharing Center), an invitee's shares (what
 * was shared with the signed-in user). Revoked shares stay, marked, so their activity is kept.
 */
export interface ShareRow extends Row {
  id: string;
  ownerCompanyId: string;
  ownerUsername: string;
  ownerName: string;
  targetKind: 'WALLET' | 'VERIFICATION';
  verificationId: string | null;
  type: 'PRIVATE' | 'PUBLIC';
  key: string;
  /** The invited e-mail of a private share, null for a public one. */
  inviteeEmail: string | null;
  acceptedName: string | null;
  expiresAt: string | null;
  created: string;
  revoked: string | null;
  viewCount: number;
  lastViewed: string | null;
  /** The latest view dates, newest first (never who or from where). */
  views: string[];
}

export function evolveShareRow(row: ShareRow | null, event: ShareEvent, id: string, at: string): ShareRow | null {
  if (event.type === 'ShareCreated') {
    const d = event.data;
    return {
      id,
      ownerCompanyId: d.owner.companyId,
      ownerUsername: d.owner.username,
      ownerName: d.owner.name,
      targetKind: d.target.kind,
      verificationId: d.target.verificationId,
      type: d.type,
      key: d.key,
      inviteeEmail: d.type === 'PRIVATE' ? d.key : null,
      acceptedName: null,
      expiresAt: d.expiresAt,
      created: at,
      revoked: null,
      viewCount: 0,
      lastViewed: null,
      views: [],
    };
  }
  if (!row) return null;
  switch (event.type) {
    case 'ShareAccepted':
      return { ...row, acceptedName: event.data.name };
    case 'ShareRevoked':
      return { ...row, revoked: at };
    case 'ShareViewed':
      return { ...row, viewCount: row.viewCount + 1, lastViewed: at, views: [at, ...row.views].slice(0, SHARE_VIEWS_KEPT) };
    default: {
      const never: never = event;
      throw new Error(`unknown share event ${JSON.stringify(never)}`);
    }
  }
}

export const shareProjection: Projection<ShareRow> = {
  name: 'share',
  version: 1,
  handles: SHARE_EVENT_TYPES,
  rowIds: (event: ProjectedEvent) => (event.streamName.startsWith(SHARE_STREAM_PREFIX) ? [shareIdOf(event.streamName)] : []),
  evolve: (row, event, id) => (isShareEvent(event) ? evolveShareRow(row, event, id, event.metadata.occurredAt) : row),
};
