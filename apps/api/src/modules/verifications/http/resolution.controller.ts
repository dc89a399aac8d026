import { Body, Controller, Get, HttpCode, Param, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { Public } from '../../../common/auth/public.decorator';
import { CommandBus } from '@nestjs/cqrs';
import { ResolveVerification, ResolveVerificationByLink } from '../commands/handlers';
import { ResolveDto } from '../dto/submission.dto';
import { VerificationViews } from '../queries/verification-views.service';
import { sendPdf } from '../../../common/http/pdf-response';

/**
 * Institutes, parent accounts and staff resolve pending verifications (verifications.md 2.11); the public resolve
 * link does the same without a login, with an unguessable key (256 bits) instead of the id. Registered before the
 * customers' controller so `pending` and `resolved` are not read as an id.
 */
@ApiTags('verifications')
@Controller('verification')
export class ResolutionController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly views: VerificationViews,
  ) {}

  @Get('pending')
  pending(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>) {
    return this.views.resolverList(principal, query, 'pending');
  }

  @Get('resolved')
  resolved(@CurrentPrincipal() principal: Principal, @Query() query: Record<string, unknown>) {
    return this.views.resolverList(principal, query, 'resolved');
  }

  /** Public: the request behind a resolve link; 204 when it is already resolved ('Already Resolved'). */
  @Public()
  @Get('pending/key/:vkey')
  async byKey(@Param('vkey') vkey: string, @Res({ passthrough: true }) res: Response) {
    const view = await this.views.byResolveKey(vkey);
    if (!view) res.status(204);
    return view ?? undefined;
  }

  @Public()
  @Put('pending/key/:vkey')
  async resolveByKey(@Param('vkey') vkey: string, @Body() body: ResolveDto) {
    const appended = await this.commandBus.execute(new ResolveVerificationByLink(vkey, body));
    return { id: appended.state.id, result: appended.state.result, message: 'Verification resolved, thank you.' };
  }

  @Public()
  @Get('pending/key/:vkey/document/:docId')
  async documentByKey(@Param('vkey') vkey: string, @Param('docId') docId: string, @Res() res: Response) {
    const { doc, bytes } = await this.views.documentByResolveKey(vkey, docId);
    sendPdf(res, doc.filename, bytes);
  }

  @Get('pending/:id')
  async pendingOne(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Res({ passthrough: true }) res: Response) {
    const view = await this.views.pending(principal, id);
    if (!view) res.status(204);
    return view ?? undefined;
  }

  @Put('pending/:id')
  @HttpCode(200)
  async resolve(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: ResolveDto) {
    await this.commandBus.execute(new ResolveVerification(principal, id, body));
    return this.views.get(principal, id, { list: 'resolved' });
  }

  @Get('resolved/:id')
  resolvedOne(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.views.get(principal, id, { list: 'resolved' });
  }
}
