import { DomainError, SHARE_MESSAGES, type ShareTarget, type ShareType, type ShareViewer } from '@credence/domain';
import type { SharedVerificationView, ShareView } from '@credence/api-contract';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import type { Principal } from '../../../common/auth/principal';
import { AccountsRepository } from '../../identity';
import { ShareViews } from '../queries/share-views.service';
import { ShareWriter } from './share-writer';

/** 144 random bits, URL-safe: the share's id and, for a public share, the whole credential of its link. */
export const newShareId = () => randomBytes(18).toString('base64url');

/** Where a share call points: one verification (its id checked against the caller's company) or the wallet. */
export type ShareScope = { kind: 'VERIFICATION'; verificationId: string } | { kind: 'WALLET' };

export interface ShareRequest {
  type: ShareType;
  key?: string | null;
  expiresAt?: string | null;
}

async function targetOf(views: ShareViews, principal: Principal, scope: ShareScope): Promise<ShareTarget> {
  if (scope.kind === 'WALLET') {
    if (!principal.isIndividual || principal.qcAdmin) throw new DomainError('forbidden', SHARE_MESSAGES.walletIndividualsOnly, 'QC-WALLET-INDIVIDUALS');
    return { kind: 'WALLET', verificationId: null };
  }
  await views.ownVerification(principal, scope.verificationId);
  return { kind: 'VERIFICATION', verificationId: scope.verificationId };
}

const matches = (target: ShareTarget, scope: ShareScope) =>
  scope.kind === 'WALLET' ? target.kind === 'WALLET' : target.kind === 'VERIFICATION' && target.verificationId === scope.verificationId;

/** POST /verification/{id}/share, POST /wallet/share: a private share mails its invitee (ShareMailReactor). */
export class CreateShare extends Command<ShareView> {
  constructor(
    readonly principal: Principal,
    readonly scope: ShareScope,
    readonly request: ShareRequest,
  ) {
    super();
  }
}

@CommandHandler(CreateShare)
export class CreateShareHandler implements ICommandHandler<CreateShare, ShareView> {
  constructor(
    private readonly writer: ShareWriter,
    private readonly views: ShareViews,
    private readonly accounts: AccountsRepository,
  ) {}

  async execute({ principal, scope, request }: CreateShare): Promise<ShareView> {
    if (principal.sharingDisabled) throw new DomainError('forbidden', SHARE_MESSAGES.sharingDisabled, 'QC-SHARING-DISABLED');
    const target = await targetOf(this.views, principal, scope);
    const user = await this.accounts.userByUsername(principal.username);
    const name = user ? `${user.firstname} ${user.lastname}`.trim() : principal.username;
    const shareId = newShareId();
    await this.writer.run(
      shareId,
      {
        type: 'CreateShare',
        shareId,
        owner: { companyId: principal.companyId, username: principal.username, name, sharingDisabled: principal.sharingDisabled },
        target,
        shareType: request.type,
        email: request.key ?? null,
        expiresAt: request.expiresAt ?? null,
        now: new Date().toISOString(),
      },
      principal,
    );
    return this.views.one(principal, shareId);
  }
}

/** DELETE /verification/{id}/share/{shareId}, DELETE /wallet/share/{id}: at once (the next view reads the stream). */
export class RevokeShare extends Command<void> {
  constructor(
    readonly principal: Principal,
    readonly scope: ShareScope,
    readonly shareId: string,
  ) {
    super();
  }
}

@CommandHandler(RevokeShare)
export class RevokeShareHandler implements ICommandHandler<RevokeShare, void> {
  constructor(
    private readonly writer: ShareWriter,
    private readonly views: ShareViews,
  ) {}

  async execute({ principal, scope, shareId }: RevokeShare): Promise<void> {
    if (scope.kind === 'VERIFICATION') await this.views.ownVerification(principal, scope.verificationId);
    const state = await this.writer.load(shareId);
    if (state.exists && !matches(state.target, scope)) throw new DomainError('not-found', SHARE_MESSAGES.notFound, 'QC-SHARE-NOT-FOUND');
    await this.writer.run(shareId, { type: 'RevokeShare', companyId: principal.companyId, username: principal.username }, principal);
  }
}

/** GET /share/{id}: the share's stream decides (unknown, revoked, expired or not this viewer's: null, the 204);
 * an opening is recorded as ShareViewed, the invitee's first as ShareAccepted too. */
export class ViewShare extends Command<SharedVerificationView[] | null> {
  constructor(
    readonly principal: Principal | null,
    readonly shareId: string,
  ) {
    super();
  }
}

@CommandHandler(ViewShare)
export class ViewShareHandler implements ICommandHandler<ViewShare, SharedVerificationView[] | null> {
  constructor(
    private readonly writer: ShareWriter,
    private readonly views: ShareViews,
    private readonly accounts: AccountsRepository,
  ) {}

  async execute({ principal, shareId }: ViewShare): Promise<SharedVerificationView[] | null> {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(shareId)) return null;
    const viewer = await this.viewer(principal);
    const viewed = await this.writer.runOrGone(shareId, { type: 'ViewShare', viewer, now: new Date().toISOString() }, { username: viewer.kind === 'user' ? viewer.username : 'anonymous' });
    if (!viewed) return null;
    return this.views.content(viewed.state);
  }

  private async viewer(principal: Principal | null): Promise<ShareViewer> {
    if (!principal) return { kind: 'anonymous' };
    const user = await this.accounts.userByUsername(principal.username);
    return { kind: 'user', username: principal.username, name: user ? `${user.firstname} ${user.lastname}`.trim() : principal.username };
  }
}

export const SHARE_COMMAND_HANDLERS = [CreateShareHandler, RevokeShareHandler, ViewShareHandler];
