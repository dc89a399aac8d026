import type { TimedEvent } from '../shared/decider';
import type { ShareEvent, ShareOwner, ShareTarget, ShareType } from './share.events';

/** A share as its events leave it. */
export interface ShareState {
  exists: boolean;
  id: string;
  owner: ShareOwner;
  target: ShareTarget;
  type: ShareType;
  key: string;
  expiresAt: string | null;
  created: string;
  accepted: { username: string; name: string; at: string } | null;
  revoked: string | null;
  viewCount: number;
  lastViewed: string | null;
}

export const initialShareState = (): ShareState => ({
  exists: false,
  id: '',
  owner: { companyId: '', username: '', name: '' },
  target: { kind: 'WALLET', verificationId: null },
  type: 'PUBLIC',
  key: '',
  expiresAt: null,
  created: '',
  accepted: null,
  revoked: null,
  viewCount: 0,
  lastViewed: null,
});

export function evolveShare(state: ShareState, event: TimedEvent<ShareEvent>): ShareState {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'ShareCreated': {
      const d = event.data;
      return { ...state, exists: true, id: d.shareId, owner: d.owner, target: d.target, type: d.type, key: d.key, expiresAt: d.expiresAt, created: at };
    }
    case 'ShareAccepted':
      return { ...state, accepted: { username: event.data.username, name: event.data.name, at } };
    case 'ShareRevoked':
      return { ...state, revoked: at };
    case 'ShareViewed':
      return { ...state, viewCount: state.viewCount + 1, lastViewed: at };
    default: {
      const never: never = event;
      throw new Error(`unknown share event ${JSON.stringify(never)}`);
    }
  }
}
