import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { shareEvent as ev, type ShareEvent, type ShareOwner, type ShareTarget, type ShareType } from './share.events';
import { normaliseShareEmail, shareActive, shareEmailProblem, SHARE_MESSAGES } from './share.rules';
import { evolveShare, initialShareState, type ShareState } from './share.state';

/** Who opens a share: anyone with the link, or a signed-in user (the invitee of a private share). */
export type ShareViewer = { kind: 'anonymous' } | { kind: 'user'; username: string; name: string };

export type ShareCommand =
  | {
      type: 'CreateShare';
      shareId: string;
      owner: ShareOwner & { sharingDisabled: boolean };
      target: ShareTarget;
      shareType: ShareType;
      /** The invitee's e-mail, for a private share (as typed). */
      email?: string | null;
      expiresAt?: string | null;
      now: string;
    }
  | { type: 'RevokeShare'; companyId: string; username: string }
  /** Opening the share: refused (404, shown as the 204 text) when it is gone, expired or not for this viewer. */
  | { type: 'ViewShare'; viewer: ShareViewer; now: string };

export const SHARE_ERRORS = {
  notFound: () => new DomainError('not-found', SHARE_MESSAGES.notFound, 'QC-SHARE-NOT-FOUND'),
  gone: () => new DomainError('not-found', SHARE_MESSAGES.gone, 'QC-SHARE-GONE'),
  sharingDisabled: () => new DomainError('forbidden', SHARE_MESSAGES.sharingDisabled, 'QC-SHARING-DISABLED'),
  invalid: (message: string) => new DomainError('invalid', message, 'QC-SHARE-INVALID'),
  exists: () => new DomainError('conflict', 'This share already exists.', 'QC-SHARE-EXISTS'),
};

/** Whether this viewer may open the share now: a public one anyone holding its link; a private one only the user
 * who signed in with the invited e-mail (access 6.7). */
export function shareOpenTo(state: ShareState, viewer: ShareViewer, now: string): boolean {
  if (!shareActive(state, now)) return false;
  if (state.type === 'PUBLIC') return true;
  return viewer.kind === 'user' && normaliseShareEmail(viewer.username) === state.key;
}

export function decideShare(command: ShareCommand, state: ShareState): ShareEvent[] {
  switch (command.type) {
    case 'CreateShare': {
      if (state.exists) throw SHARE_ERRORS.exists();
      if (command.owner.sharingDisabled) throw SHARE_ERRORS.sharingDisabled();
      const expiresAt = command.expiresAt ?? null;
      if (expiresAt !== null && !(Date.parse(expiresAt) > Date.parse(command.now))) throw SHARE_ERRORS.invalid(SHARE_MESSAGES.expiryPast);
      let key = command.shareId;
      if (command.shareType === 'PRIVATE') {
        const problem = shareEmailProblem(command.email);
        if (problem) throw SHARE_ERRORS.invalid(problem);
        key = normaliseShareEmail(command.email as string);
        if (key === normaliseShareEmail(command.owner.username)) throw SHARE_ERRORS.invalid(SHARE_MESSAGES.selfShare);
      }
      const { sharingDisabled: _, ...owner } = command.owner;
      return [ev('ShareCreated', { shareId: command.shareId, owner, target: command.target, type: command.shareType, key, expiresAt })];
    }
    case 'RevokeShare': {
      // Another tenant's share, or one already deleted, is not there for this caller.
      if (!state.exists || state.owner.companyId !== command.companyId || state.revoked) throw SHARE_ERRORS.notFound();
      return [ev('ShareRevoked', { by: command.username })];
    }
    case 'ViewShare': {
      if (!shareOpenTo(state, command.viewer, command.now)) throw SHARE_ERRORS.gone();
      if (state.type === 'PUBLIC') return [ev('ShareViewed', { via: 'PUBLIC_LINK' })];
      const viewer = command.viewer as Extract<ShareViewer, { kind: 'user' }>;
      const accepted = state.accepted ? [] : [ev('ShareAccepted', { username: normaliseShareEmail(viewer.username), name: viewer.name })];
      return [...accepted, ev('ShareViewed', { via: 'INVITEE' })];
    }
    default: {
      const never: never = command;
      throw new Error(`unknown share command ${JSON.stringify(never)}`);
    }
  }
}

/** The share aggregate, `share-<id>`: what the command-handling loop runs. */
export const shareDecider: Decider<ShareCommand, ShareEvent, ShareState> = {
  decide: decideShare,
  evolve: evolveShare,
  initialState: initialShareState,
};
