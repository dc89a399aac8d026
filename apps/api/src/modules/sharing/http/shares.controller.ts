import { Body, Controller, Delete, Get, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Response } from 'express';
import { CurrentPrincipal, OptionalPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { Public } from '../../../common/auth/public.decorator';
import { CreateShare, RevokeShare, ViewShare, type ShareRequest } from '../commands/share.handlers';
import { ShareViews } from '../queries/share-views.service';
import { CreateShareDto } from './share.dto';

/** The public link is throttled per client: its 144-bit id is the secret, this only keeps floods away. */
const PUBLIC_READS = { default: { limit: 60, ttl: 60_000 } };

const request = (dto: CreateShareDto): ShareRequest => ({
  type: dto.type,
  key: dto.type === 'PRIVATE' ? (dto.key ?? null) : null,
  // A bare date means the end of that day (UTC): the share is open through it.
  expiresAt: dto.expiresAt ? (/^\d{4}-\d{2}-\d{2}$/.test(dto.expiresAt) ? `${dto.expiresAt}T23:59:59.999Z` : new Date(dto.expiresAt).toISOString()) : null,
});

/** The sharing calls of verifications.md 7. Owner-only except GET /share/{id}, public on purpose (6.7). */
@ApiTags('sharing')
@Controller()
export class SharesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly views: ShareViews,
  ) {}

  @Get('verification/:id/share')
  ofVerification(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.views.ofVerification(principal, id);
  }

  @Post('verification/:id/share')
  shareVerification(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: CreateShareDto) {
    return this.commandBus.execute(new CreateShare(principal, { kind: 'VERIFICATION', verificationId: id }, request(body)));
  }

  @Delete('verification/:id/share/:shareId')
  @HttpCode(204)
  async revokeVerificationShare(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Param('shareId') shareId: string) {
    await this.commandBus.execute(new RevokeShare(principal, { kind: 'VERIFICATION', verificationId: id }, shareId));
  }

  @Get('wallet/share')
  ofWallet(@CurrentPrincipal() principal: Principal) {
    return this.views.ofWallet(principal);
  }

  @Post('wallet/share')
  shareWallet(@CurrentPrincipal() principal: Principal, @Body() body: CreateShareDto) {
    return this.commandBus.execute(new CreateShare(principal, { kind: 'WALLET' }, request(body)));
  }

  @Delete('wallet/share/:id')
  @HttpCode(204)
  async revokeWalletShare(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    await this.commandBus.execute(new RevokeShare(principal, { kind: 'WALLET' }, id));
  }

  /** What others share privately with the signed-in user's e-mail (beyond the spec: where an invitee finds it). */
  @Get('share')
  received(@CurrentPrincipal() principal: Principal) {
    return this.views.received(principal);
  }

  /** Public: the shared verifications; 204 when unknown, revoked, expired or a private share not for this caller. */
  @Public()
  @UseGuards(ThrottlerGuard)
  @Throttle(PUBLIC_READS)
  @Get('share/:id')
  async view(@OptionalPrincipal() principal: Principal | null, @Param('id') id: string, @Res({ passthrough: true }) res: Response) {
    const content = await this.commandBus.execute(new ViewShare(principal, id));
    res.setHeader('Cache-Control', 'no-store');
    if (!content) {
      res.status(204);
      return undefined;
    }
    return content;
  }
}
