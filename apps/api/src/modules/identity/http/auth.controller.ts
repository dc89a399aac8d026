import { Body, Controller, Delete, Get, Headers, HttpCode, Ip, Post, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DomainError } from '@credence/domain';
import type { Response } from 'express';
import { OptionalPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { Public } from '../../../common/auth/public.decorator';
import { ForgotPasswordDto, LoginDto, PasswordDto } from '../dto/identity.dto';
import { PasswordService } from '../sessions/password.service';
import { SessionService, type IssuedSession } from '../sessions/session.service';

function sendTokens(res: Response, session: IssuedSession) {
  res.setHeader('x-auth-token', session.token);
  res.setHeader('x-refresh-token', session.refreshToken);
  res.setHeader('Cache-Control', 'no-store');
  return { expiresAt: session.expiresAt.toISOString() };
}

/** access.md 7.2: sign in, refresh, sign out, passwords. Public by design; each call proves itself otherwise. */
@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly sessions: SessionService,
    private readonly passwords: PasswordService,
  ) {}

  @Public()
  @Post()
  @HttpCode(200)
  async login(@Body() body: LoginDto, @Ip() ip: string, @Res({ passthrough: true }) res: Response) {
    return sendTokens(res, await this.sessions.login(body, ip));
  }

  @Public()
  @Get()
  async refresh(@Headers('x-refresh-token') refreshToken: string | undefined, @Res({ passthrough: true }) res: Response) {
    return sendTokens(res, await this.sessions.refresh(refreshToken));
  }

  @Public()
  @Delete()
  @HttpCode(204)
  async logout(@Headers('x-refresh-token') refreshToken: string | undefined) {
    await this.sessions.logout(refreshToken);
  }

  /** With X-PASSWORD-RESET-TOKEN: set a new password from the e-mailed link; otherwise change it, signed in. */
  @Public()
  @Put()
  @HttpCode(204)
  async setPassword(
    @Body() body: PasswordDto,
    @Headers('x-password-reset-token') resetToken: string | undefined,
    @OptionalPrincipal() principal: Principal | null,
  ) {
    if (resetToken) return this.passwords.reset(resetToken, body);
    if (!principal) throw new DomainError('unauthenticated', 'Authentication required');
    return this.passwords.change(principal, { password: body.password ?? '', newPassword: body.newPassword, confirmPassword: body.confirmPassword });
  }

  @Public()
  @Get('forgot')
  @HttpCode(204)
  async forgotGet(@Query() query: ForgotPasswordDto, @Ip() ip: string) {
    await this.passwords.forgot(query.username, ip);
  }

  @Public()
  @Post('forgot')
  @HttpCode(204)
  async forgotPost(@Query() query: ForgotPasswordDto, @Body() body: ForgotPasswordDto, @Ip() ip: string) {
    await this.passwords.forgot(query.username ?? body.username, ip);
  }
}
